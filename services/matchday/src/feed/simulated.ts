import { fixtureDraw, type FeedKey } from '../domain/feed-draw';
import { ratingsFromPrices, simulateRound } from '../domain/match-model';
import type { MatchFeed } from './port';
import type { CatalogPlayer } from './roster';

/**
 * The simulated feed: the match model over cards-market's catalog (each player's rating from their
 * base price), each fixture's random stream keyed by the feed's secret.
 */
export function simulatedFeed(options: { key: FeedKey; roster: () => Promise<CatalogPlayer[]> }): MatchFeed {
  return {
    kind: 'simulated',
    async results(matchday) {
      const roster = ratingsFromPrices(await options.roster());
      return simulateRound(matchday.round, roster, (f) =>
        fixtureDraw(options.key, matchday.round, f.home, f.away),
      );
    },
  };
}
