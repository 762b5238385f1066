import { inTransaction, type DueRun } from '@touchline/kit';
import { holdsToVoid, releaseMatchdayHolds, setHoldState } from '../db/card-holds';
import { lineupsOf, markRewardPaid, pendingRewards, saveScores, type LineupRow } from '../db/lineups';
import {
  countLineups,
  dueToLock,
  dueToScore,
  findMatchday,
  markLocked,
  markScored,
  nextResultsAt,
} from '../db/matchdays';
import { importRevision } from '../db/imports';
import { saveResults } from '../db/results';
import type { Rarity } from '@touchline/rules';
import { scoreMatchday, type PlayerPoints } from '../domain/scoring';
import type { MatchdayDeps } from './deps';
import { openMatchday } from './read';

const BATCH = 100;

/**
 * Kickoff: each open matchday whose lock time has come becomes locked, once (the row's lock and its
 * state decide, so replicas and restarts never lock twice), and its lineups' holds are to be voided.
 */
export async function lockDue(deps: MatchdayDeps): Promise<number[]> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const due = await dueToLock(trx, now);
    for (const matchday of due) {
      const entries = await countLineups(trx, matchday.id);
      await markLocked(trx, matchday.id, entries, now);
      await releaseMatchdayHolds(trx, matchday.id, now);
      await deps.outbox.add(trx, 'matchday.matchday.locked', String(matchday.id), {
        matchdayId: matchday.id,
        lockedAt: now.toISOString(),
        entries,
        resultsAt: matchday.results_at.toISOString(),
      });
    }
    return due.map((m) => m.id);
  });
}

/** Voids in cards-market the holds no lineup needs any more; what fails stays for the next sweep. */
export async function voidReleasedHolds(deps: MatchdayDeps): Promise<number> {
  const now = deps.clock.now();
  const holds = await holdsToVoid(deps.db, new Date(now.getTime() - deps.config.HOLD_STUCK_AFTER_MS), BATCH);
  let voided = 0;
  for (const hold of holds) {
    try {
      await deps.cards.VoidCardHold(
        { holdKey: hold.hold_key, reason: 'matchday lineup released' },
        { timeoutMs: deps.config.MATCHDAY_PEER_TIMEOUT_MS },
      );
      await setHoldState(deps.db, [hold.hold_key], 'released', deps.clock.now(), [hold.state]);
      voided++;
    } catch (error) {
      deps.logger.warn({ err: error, holdKey: hold.hold_key }, 'lineup card hold not voided yet');
      return voided;
    }
  }
  return voided;
}

/**
 * Results: a locked matchday whose results are due gets them from the feed, and every lineup is
 * scored, ranked and given its reward, in one transaction that also moves the matchday to scored:
 * the state decides, so however many replicas or restarts run it, it is scored once.
 */
export async function scoreDue(deps: MatchdayDeps): Promise<number[]> {
  const scored: number[] = [];
  for (const due of await dueToScore(deps.db, deps.clock.now())) {
    const feed = await deps.feed();
    const results = await feed.results({ id: due.id, round: due.round });
    if (!results) continue;
    const done = await inTransaction(deps.db, async (trx) => {
      const matchday = await findMatchday(trx, due.id, 'update');
      if (!matchday || matchday.state !== 'locked') return false;
      // An upload that replaced the one read above: the next sweep scores the new one.
      if (results.revision !== undefined && (await importRevision(trx, matchday.id)) !== results.revision)
        return false;
      const now = deps.clock.now();
      await saveResults(trx, matchday.id, results.fixtures, results.players);
      const { lineups, cards } = await lineupsOf(trx, matchday.id);
      const points = new Map<number, PlayerPoints>(results.players.map((p) => [p.playerId, p]));
      const ranked = scoreMatchday(
        lineups.map((l: LineupRow) => ({
          userId: l.user_id,
          updatedAt: l.updated_at,
          cards: cards
            .filter((c) => c.user_id === l.user_id)
            .map((c) => ({
              cardId: c.card_id,
              playerId: c.player_id,
              rarity: c.rarity as Rarity,
              captain: c.captain,
            })),
        })),
        points,
      );
      await saveScores(trx, matchday.id, ranked);
      await markScored(trx, matchday.id, ranked.length, ranked[0]?.points ?? null, now);
      for (const r of ranked)
        await deps.outbox.add(trx, 'matchday.lineup.ranked', String(r.userId), {
          matchdayId: matchday.id,
          userId: r.userId,
          points: r.points,
          rank: r.rank,
          entries: ranked.length,
          reward: r.reward,
          rankedAt: now.toISOString(),
        });
      await deps.outbox.add(trx, 'matchday.results.scored', String(matchday.id), {
        matchdayId: matchday.id,
        scoredAt: now.toISOString(),
        entries: ranked.length,
        bestPoints: ranked[0]?.points ?? 0,
        // The market follows the pitch: cards-market turns these into demand for the next tick.
        players: results.players
          .filter((p) => p.points !== 0)
          .map((p) => ({ playerId: p.playerId, points: p.points })),
      });
      return true;
    });
    if (done) scored.push(due.id);
  }
  return scored;
}

/**
 * Pays a scored lineup's reward through the wallet's Grant, keyed "matchday:{matchday}:{user}": however
 * many drivers (replicas, restarts, repeated sweeps) run it, the wallet posts it once, and only the
 * driver that moves the lineup from pending to paid announces it.
 */
export async function payReward(deps: MatchdayDeps, lineup: LineupRow): Promise<boolean> {
  const key = rewardKey(lineup.matchday_id, lineup.user_id);
  const granted = await deps.wallet.Grant(
    {
      idempotencyKey: key,
      userId: lineup.user_id,
      amount: lineup.reward ?? 0,
      reason: 'matchday',
      reference: key,
    },
    { timeoutMs: deps.config.MATCHDAY_PEER_TIMEOUT_MS },
  );
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const paid = await markRewardPaid(
      trx,
      lineup.matchday_id,
      lineup.user_id,
      Number(granted.transactionId),
      now,
    );
    if (paid)
      await deps.outbox.add(trx, 'matchday.reward.paid', String(lineup.user_id), {
        matchdayId: lineup.matchday_id,
        userId: lineup.user_id,
        coins: lineup.reward ?? 0,
        rank: lineup.rank ?? 0,
        transactionId: Number(granted.transactionId),
        paidAt: now.toISOString(),
      });
    return paid;
  });
}

export function rewardKey(matchdayId: number, userId: number): string {
  return `matchday:${matchdayId}:${userId}`;
}

export async function payPendingRewards(deps: MatchdayDeps): Promise<number> {
  let paid = 0;
  for (const lineup of await pendingRewards(deps.db, BATCH)) {
    if ((lineup.reward ?? 0) <= 0) continue;
    try {
      if (await payReward(deps, lineup)) paid++;
    } catch (error) {
      deps.logger.warn(
        { err: error, matchdayId: lineup.matchday_id, userId: lineup.user_id },
        'matchday reward not paid yet',
      );
      return paid;
    }
  }
  return paid;
}

/**
 * One sweep: open the current matchday, lock, void released holds, score, pay. Answers when the next
 * step falls due by the schedule: the open matchday's kickoff or the next results time, whichever
 * comes first (a step due already and not done, such as results not uploaded, waits for the retry).
 */
export async function sweep(deps: MatchdayDeps): Promise<DueRun> {
  const open = await openMatchday(deps);
  const locked = await lockDue(deps);
  const voided = await voidReleasedHolds(deps);
  const scored = await scoreDue(deps);
  const paid = await payPendingRewards(deps);
  const results = await nextResultsAt(deps.db, deps.clock.now());
  const kickoff = open.locks_at;
  return {
    acted: locked.length + voided + scored.length + paid,
    nextAt: results && results < kickoff ? results : kickoff,
  };
}
