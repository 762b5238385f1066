import type { FraudHold__Output as FraudHold } from '@touchline/protos/gen/touchline/admin/FraudHold';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import { LRUCache } from 'lru-cache';
import { exchangesOf } from '../db/exchanges';
import { fraudReport, type FraudReport } from '../domain/fraud';
import type { AdminDeps } from './deps';
import { requireAdmin } from './require-admin';
import { chunked } from './chunked';

/**
 * Sign-up times, which never change, kept for the life of the process (issue 41: each trade's
 * review asked identity for every partner of both parties, 8.5 ms of identity's CPU per accepted
 * trade).
 */
export function signUpTimesCache(): LRUCache<number, Date> {
  return new LRUCache({ max: 100_000 });
}

/**
 * Reports of the users from their exchanges (projected from events), their purchases (wallet) and
 * everyone's sign-up time (identity). `known` saves identity calls for users already read.
 */
export async function fraudReports(
  deps: AdminDeps,
  userIds: readonly number[],
  known: ReadonlyMap<number, User> = new Map(),
): Promise<Map<number, FraudReport>> {
  if (userIds.length === 0) return new Map();
  const exchanges = await exchangesOf(deps.db, userIds);
  const everyone = new Set<number>(userIds);
  for (const e of exchanges) everyone.add(e.a).add(e.b);
  const kept = deps.signUpTimes;
  const signedUp = new Map<number, Date>();
  for (const user of known.values()) kept.set(user.id, new Date(user.createdAt));
  for (const id of everyone) {
    const at = kept.get(id);
    if (at) signedUp.set(id, at);
  }
  const missing = [...everyone].filter((id) => !signedUp.has(id));
  for (const user of await chunked(
    missing,
    async (ids) => (await deps.identity.GetUsers({ userIds: ids })).users,
  )) {
    const at = new Date(user.createdAt);
    kept.set(user.id, at);
    signedUp.set(user.id, at);
  }
  const purchases = new Map(
    (
      await chunked(
        [...userIds],
        async (ids) => (await deps.wallet.GetPurchaseSummaries({ userIds: ids })).summaries,
      )
    ).map((s) => [s.userId, s]),
  );
  const createdAtOf = (id: number) => signedUp.get(id);
  const now = deps.clock.now();
  return new Map(
    userIds.map((userId) => [
      userId,
      fraudReport(
        {
          userId,
          createdAt: createdAtOf(userId) ?? now,
          purchaseCount: purchases.get(userId)?.purchaseCount ?? 0,
          purchaseTotalCents: purchases.get(userId)?.totalCents ?? 0,
          testPurchaseCount: purchases.get(userId)?.testPurchaseCount ?? 0,
          testPurchaseTotalCents: purchases.get(userId)?.testTotalCents ?? 0,
        },
        exchanges,
        createdAtOf,
        now,
      ),
    ]),
  );
}

export async function getUserFlags(
  deps: AdminDeps,
  request: { userId: number; targetUserId: number },
): Promise<FraudReport & { hold: FraudHold }> {
  await requireAdmin(deps, request.userId);
  const target = await deps.identity.GetUser({ userId: request.targetUserId });
  const [reports, { holds }] = await Promise.all([
    fraudReports(deps, [target.id], new Map([[target.id, target]])),
    deps.wallet.GetReviewHolds({ userIds: [target.id] }),
  ]);
  return { ...reports.get(target.id)!, hold: holds[0]! };
}
