import { stuckClaims } from '../db/claims';
import { payClaim } from './claim';
import type { MissionsDeps } from './deps';

/**
 * Pays claims left pending (the wallet was down or slow, or the process died between recording a
 * claim and paying it). The grant is keyed by the claim, so a claim paid meanwhile is not paid again.
 * Returns how many got paid.
 */
export async function sweepPendingClaims(deps: MissionsDeps, limit = 50): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.CLAIM_STUCK_AFTER_MS);
  let paid = 0;
  for (const claim of await stuckClaims(deps.db, before, limit)) {
    if ((await payClaim(deps, claim)).state === 'paid') paid++;
  }
  return paid;
}
