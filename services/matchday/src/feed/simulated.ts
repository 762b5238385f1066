import type { PitchPosition } from '@touchline/rules';
import { fixtureDraw, type FeedKey } from '../domain/feed-draw';
import { ratingsFromPrices, simulateRound, type FeedPlayer } from '../domain/match-model';
import type { CardsClient } from '../peers';
import type { MatchFeed } from './port';

const POSITIONS = new Set<string>(['Goalkeeper', 'Defender', 'Midfielder', 'Forward']);

/**
 * The simulated feed: the match model over cards-market's catalog (each player's rating from their
 * base price), each fixture's random stream keyed by the feed's secret. The catalog is asked once
 * per process: base prices, positions and teams do not change.
 */
export function simulatedFeed(options: {
  key: FeedKey;
  cards: Pick<CardsClient, 'GetCatalog'>;
  timeoutMs: number;
}): MatchFeed {
  let players: Promise<FeedPlayer[]> | undefined;
  const load = async (): Promise<FeedPlayer[]> => {
    const catalog = await options.cards.GetCatalog({ userId: 0 }, { timeoutMs: options.timeoutMs });
    return ratingsFromPrices(
      catalog.entries
        .map((e) => e.player)
        .filter((p): p is NonNullable<typeof p> => !!p && POSITIONS.has(p.position))
        .map((p) => ({
          id: Number(p.id),
          teamId: Number(p.teamId),
          position: p.position as PitchPosition,
          basePrice: Number(p.basePrice),
        })),
    );
  };
  return {
    kind: 'simulated',
    async results(matchday) {
      players ??= load().catch((error: unknown) => {
        players = undefined;
        throw error;
      });
      const roster = await players;
      return simulateRound(matchday.round, roster, (f) =>
        fixtureDraw(options.key, matchday.round, f.home, f.away),
      );
    },
  };
}
