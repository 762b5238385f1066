import type { RoundResults } from '../domain/match-model';

/** The adapters of the match feed, as MATCH_FEED names them. */
export type FeedKind = 'simulated' | 'import';

/**
 * The match feed: where a matchday's results come from (docs/design.md#9-matchdays). The adapter is
 * chosen by MATCH_FEED; the use cases see only this port.
 */
export interface MatchFeed {
  readonly kind: FeedKind;
  /**
   * The round's results, or undefined while they are not in yet. Imported results carry the
   * revision of the upload they come from: scoring checks, under the matchday's lock, that no
   * newer upload replaced them in between.
   */
  results(matchday: {
    id: number;
    round: number;
  }): Promise<(RoundResults & { revision?: number }) | undefined>;
}
