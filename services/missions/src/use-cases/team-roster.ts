import { type EventMeta, type Tx, inTransaction } from '@touchline/kit';
import { badgesOfUsers } from '../db/badges';
import {
  clearRosterChecks,
  pendingRosterChecks,
  requestRosterChecks,
  type RosterCheckRow,
} from '../db/roster-checks';
import { cardCounts } from '../db/stats';
import { completedTeams, teamRosterBadges } from '../domain/badges';
import { eventTime } from '../domain/events';
import { earnBadges } from './badges';
import type { MissionsDeps } from './deps';

/** A card reached a user (minted for them, or moved to them) at `at`, as its event says. */
export interface CardReceived {
  userId: number;
  at: string;
  meta: EventMeta;
}

/**
 * Cards reached users (one fetched batch): their collections may now hold a whole team. Only which
 * teams and players exist is cards-market's, and a service never calls another while holding a
 * transaction, so the events only queue a check per user; checkRosters does it outside.
 */
export async function onCardsReceived(deps: MissionsDeps, trx: Tx, cards: CardReceived[]): Promise<void> {
  if (teamRosterBadges(deps.badges).length === 0) return;
  let received = cards.filter((card) => card.userId > 0);
  const floor = deps.smallestTeam.players;
  if (floor > 0 && received.length > 0) {
    // Fewer cards than the smallest team by the last folded count: no team can be whole, and a count
    // that lags behind this card rises by a fold, which asks then (collection-value.ts). A read here
    // spares the queue's upsert and the check's three statements (bench:cost, a market buy).
    const counts = await cardCounts(trx, [...new Set(received.map((card) => card.userId))]);
    received = received.filter((card) => (counts.get(card.userId) ?? 0) >= floor);
  }
  await requestRosterChecks(
    trx,
    received.map(({ userId, at, meta }) => ({ userId, eventAt: eventTime(at, meta.occurredAt) })),
  );
}

async function checkOne(
  deps: MissionsDeps,
  check: RosterCheckRow,
  earned: Set<string>,
  cardCount: number,
): Promise<void> {
  const missing = teamRosterBadges(deps.badges).filter((b) => !earned.has(b.id));
  if (missing.length === 0) return;
  // A count folded before the card arrived is low: its fold, when it comes, asks again (collection-value.ts).
  if (cardCount < deps.smallestTeam.players) return;
  const { teams } = await deps.cards.GetTeamProgress({ userId: check.user_id });
  const progress = teams.map((t) => ({ ...t, teamId: Number(t.teamId) }));
  const sizes = progress.filter((t) => t.teamId > 0 && t.players > 0).map((t) => t.players);
  deps.smallestTeam.learn(sizes);
  if (completedTeams(progress).length > 0) {
    await inTransaction(deps.db, (trx) => earnBadges(deps, trx, check.user_id, missing, check.event_at));
  }
}

/**
 * Checks the queued collections against cards-market's catalog: the users' badges and card counts
 * in one read each, the done checks cleared in one statement. A check that fails (cards-market down) stays queued for the
 * next run. Returns how many were done.
 */
export async function checkRosters(deps: MissionsDeps, limit = 50): Promise<number> {
  const checks = await pendingRosterChecks(deps.db, limit);
  if (checks.length === 0) return 0;
  const users = checks.map((check) => check.user_id);
  const [earned, counts] = await Promise.all([
    badgesOfUsers(
      deps.db,
      users,
      teamRosterBadges(deps.badges).map((badge) => badge.id),
    ),
    cardCounts(deps.db, users),
  ]);
  const done: RosterCheckRow[] = [];
  for (const check of checks) {
    try {
      await checkOne(deps, check, earned.get(check.user_id) ?? new Set(), counts.get(check.user_id) ?? 0);
      done.push(check);
    } catch (error) {
      deps.logger.warn({ err: error, userId: check.user_id }, 'team roster check failed; will retry');
    }
  }
  await clearRosterChecks(deps.db, done);
  return done.length;
}
