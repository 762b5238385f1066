import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { SHARED_ANSWER_MAX_STALE_MS } from '@touchline/contract';

import { onAnswerBehind } from '@/lib/api';
import { cardKeys } from '@/lib/data/cards';
import { leaderboardKeys } from '@/lib/data/leaderboard';
import { marketKeys } from '@/lib/data/market';
import { tradeKeys, tradeWishesKey } from '@/lib/data/trades';

/** The queries the gateway answers from its shared answers (gateway/src/http/shared-answers.ts). */
const SHARED_QUERIES: readonly QueryKey[] = [
  marketKeys.listings(),
  marketKeys.players(),
  marketKeys.trending(),
  marketKeys.histories(),
  marketKeys.status(),
  cardKeys.catalog(),
  cardKeys.teams(),
  cardKeys.rosters(),
  tradeKeys.usernames(),
  leaderboardKeys.all,
  tradeWishesKey,
];

/**
 * A shared answer said it was behind a change the gateway already knew of: a page opened just after
 * a sale or a price tick got the market without it, and the live event that told of it came before
 * the page was open. What is shown of the shared answers is read again once the gateway has rebuilt
 * them (SHARED_ANSWER_MAX_STALE_MS), once: answers behind that this read brings are not followed
 * again, for under a crowd the market changes several times a second and most answers are a little
 * behind (following each would read the market every three seconds; the live events keep an open
 * page current from here). Returns the stop.
 */
export function followAnswersBehind(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let quietUntil = 0;
  onAnswerBehind(() => {
    if (timer !== undefined || Date.now() < quietUntil) return;
    timer = setTimeout(() => {
      timer = undefined;
      quietUntil = Date.now() + SHARED_ANSWER_MAX_STALE_MS;
      for (const queryKey of SHARED_QUERIES) void queryClient.invalidateQueries({ queryKey });
    }, SHARED_ANSWER_MAX_STALE_MS + 250);
  });
  return () => {
    clearTimeout(timer);
    onAnswerBehind(undefined);
  };
}
