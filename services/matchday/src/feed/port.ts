import type { RoundResults } from '../domain/match-model';

/**
 * The match feed: where a matchday's results come from (docs/design.md#9-matchdays). The adapter is
 * chosen by MATCH_FEED; the use cases see only this port.
 */
export interface MatchFeed {
  readonly kind: 'simulated';
  /** The round's results, or undefined while they are not in yet. */
  results(matchday: { id: number; round: number }): Promise<RoundResults | undefined>;
}
