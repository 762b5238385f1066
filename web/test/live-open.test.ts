import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { userQueryKey } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { refreshCards, refreshCoins } from '@/lib/data/coins';
import { marketKeys } from '@/lib/data/market';
import { missionKeys, refreshAfterClaim } from '@/lib/data/missions';
import { refreshAfterAnswer, tradeKeys } from '@/lib/data/trades';
import { setLiveOpen } from '@/lib/live/open';

import type { MissionLists, TradeOffer } from '@touchline/contract';
import { OFFER_LIST_LIMIT } from '@touchline/rules';

import { makeMission, missionLists } from './mission-fixtures';
import { makeUser } from './utils';

/** A client holding the user, the balance and the user's cards, none of them stale. */
function cached(liveOpen: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(userQueryKey, makeUser({ coins: 100 }));
  queryClient.setQueryData(marketKeys.balance(), { coins: 100 });
  queryClient.setQueryData(cardKeys.userCards(), []);
  setLiveOpen(queryClient, liveOpen);
  const stale = () =>
    [userQueryKey, marketKeys.balance(), cardKeys.userCards()].map(
      (queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false,
    );
  return { queryClient, stale };
}

describe('what a change of coins or cards reads again (issue 41, item 4)', () => {
  it('with the live stream open: the coins the answer carried show, and nothing is read again', async () => {
    const { queryClient, stale } = cached(true);
    await refreshCoins(queryClient, 40);
    await refreshCards(queryClient);
    expect(queryClient.getQueryData(marketKeys.balance())).toEqual({ coins: 40 });
    expect(queryClient.getQueryData<{ coins: number }>(userQueryKey)?.coins).toBe(40);
    expect(stale()).toEqual([false, false, false]);
  });

  it('with the stream open but no coins in the answer (still pending), the coins are read again', async () => {
    const { queryClient, stale } = cached(true);
    await refreshCoins(queryClient);
    expect(stale()).toEqual([true, true, false]);
  });

  it('without the stream, the user, the balance and the cards are read again', async () => {
    const { queryClient, stale } = cached(false);
    await refreshCoins(queryClient, 40);
    await refreshCards(queryClient);
    expect(queryClient.getQueryData(marketKeys.balance())).toEqual({ coins: 40 });
    expect(stale()).toEqual([true, true, true]);
  });
});

describe('what answering an offer reads again (issue 41, item 4)', () => {
  const offer = (id: number) => ({ id }) as TradeOffer;

  it('with the stream open nothing: the offer leaves the offers received, its events bring the rest', async () => {
    const { queryClient, stale } = cached(true);
    queryClient.setQueryData(tradeKeys.incoming(), [offer(1), offer(2)]);
    await refreshAfterAnswer(queryClient, 1);
    expect(queryClient.getQueryData<TradeOffer[]>(tradeKeys.incoming())!.map((o) => o.id)).toEqual([2]);
    expect(queryClient.getQueryState(tradeKeys.incoming())?.isInvalidated).toBe(false);
    expect(stale()).toEqual([false, false, false]);
  });

  it('with the stream open and the list full, it is read again: an older offer moves up', async () => {
    const { queryClient } = cached(true);
    queryClient.setQueryData(
      tradeKeys.incoming(),
      Array.from({ length: OFFER_LIST_LIMIT }, (_, i) => offer(i + 1)),
    );
    await refreshAfterAnswer(queryClient, 1);
    expect(queryClient.getQueryData<TradeOffer[]>(tradeKeys.incoming())).toHaveLength(OFFER_LIST_LIMIT - 1);
    expect(queryClient.getQueryState(tradeKeys.incoming())?.isInvalidated).toBe(true);
  });

  it('without the stream, everything a trade changes', async () => {
    const { queryClient, stale } = cached(false);
    queryClient.setQueryData(tradeKeys.incoming(), []);
    await refreshAfterAnswer(queryClient, 1);
    expect(queryClient.getQueryState(tradeKeys.incoming())?.isInvalidated).toBe(true);
    expect(stale()).toEqual([true, true, true]);
  });
});

describe('what a mission claim reads again (issue 41, item 4)', () => {
  const claimed = makeMission({
    id: 2,
    completed: true,
    claimed: true,
    claimedAt: '2026-11-30T10:00:00.000Z',
  });
  const result = { mission: claimed, reward: 500, coins: 600, message: 'Claimed' };
  const withLists = (liveOpen: boolean) => {
    const { queryClient, stale } = cached(liveOpen);
    queryClient.setQueryData(missionKeys.lists(), missionLists);
    queryClient.setQueryData(missionKeys.completed(), []);
    const missionsStale = () =>
      [missionKeys.lists(), missionKeys.completed()].map(
        (queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false,
      );
    return { queryClient, stale, missionsStale };
  };

  it('with the stream open the answer shows, and its events read the lists (not twice)', async () => {
    const { queryClient, stale, missionsStale } = withLists(true);
    await refreshAfterClaim(queryClient, result);
    const lists = queryClient.getQueryData<MissionLists>(missionKeys.lists())!;
    expect([...lists.daily, ...lists.weekly].find((m) => m.id === 2)).toEqual(claimed);
    expect(queryClient.getQueryData<{ coins: number }>(userQueryKey)?.coins).toBe(600);
    expect(missionsStale()).toEqual([false, false]);
    expect(stale()).toEqual([false, false, false]);
  });

  it('without the stream the missions, the completed list and the user are read again', async () => {
    const { queryClient, stale, missionsStale } = withLists(false);
    await refreshAfterClaim(queryClient, result);
    expect(missionsStale()).toEqual([true, true]);
    expect(stale()).toEqual([true, true, false]);
  });
});
