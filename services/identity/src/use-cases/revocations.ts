import { subSeconds } from 'date-fns/subSeconds';
import { invalid } from '@touchline/kit';
import type { ListRevokedSessionsResponse } from '@touchline/protos/gen/touchline/identity/ListRevokedSessionsResponse';
import { sessionsRevokedSince } from '../db/sessions';
import type { IdentityDeps } from './deps';

/**
 * The closed sessions whose tokens may still be unexpired (closed within one token lifetime), or
 * those closed since `revokedSince` if that is later. Identity's table is where revocations are
 * durable: a gateway that restarts (or loses Redis) reloads them from here.
 */
export async function listRevokedSessions(
  deps: IdentityDeps,
  revokedSince: string,
): Promise<ListRevokedSessionsResponse> {
  const now = deps.clock.now();
  const ttl = deps.config.SESSION_TOKEN_TTL_SECONDS;
  const oldestThatMatters = subSeconds(now, ttl);
  let since = oldestThatMatters;
  if (revokedSince) {
    const asked = new Date(revokedSince);
    if (Number.isNaN(asked.getTime())) throw invalid('revoked_since must be an ISO time');
    if (asked > since) since = asked;
  }
  const rows = await sessionsRevokedSince(deps.db, since);
  return {
    sessions: rows.map((r) => ({ sessionId: r.id, revokedAt: r.revoked_at.toISOString() })),
    asOf: now.toISOString(),
    tokenTtlSeconds: ttl,
  };
}
