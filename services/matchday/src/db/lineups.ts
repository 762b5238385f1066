import type { Knex } from 'knex';
import { toDate, toNumber, type Db } from './types';

export interface LineupRow {
  matchday_id: number;
  user_id: number;
  captain_card_id: number;
  version: number;
  points: number | null;
  rank: number | null;
  reward: number | null;
  reward_state: 'pending' | 'paid' | null;
  reward_transaction_id: number | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface LineupCardRow {
  matchday_id: number;
  card_id: number;
  user_id: number;
  player_id: number;
  player_name: string;
  position: string;
  rarity: string;
  team_id: number;
  captain: boolean;
  hold_key: string;
  points: number | null;
}

function lineup(row: LineupRow): LineupRow {
  return {
    ...row,
    matchday_id: Number(row.matchday_id),
    user_id: Number(row.user_id),
    captain_card_id: Number(row.captain_card_id),
    version: Number(row.version),
    points: toNumber(row.points),
    rank: toNumber(row.rank),
    reward: toNumber(row.reward),
    reward_transaction_id: toNumber(row.reward_transaction_id),
    paid_at: toDate(row.paid_at),
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
  };
}

function card(row: LineupCardRow): LineupCardRow {
  return {
    ...row,
    matchday_id: Number(row.matchday_id),
    card_id: Number(row.card_id),
    user_id: Number(row.user_id),
    player_id: Number(row.player_id),
    team_id: Number(row.team_id),
    points: toNumber(row.points),
  };
}

export async function findLineup(
  db: Db,
  matchdayId: number,
  userId: number,
  lock = false,
): Promise<LineupRow | undefined> {
  const query = db('lineups').where({ matchday_id: matchdayId, user_id: userId });
  if (lock) query.forUpdate();
  const row = (await query.first()) as LineupRow | undefined;
  return row && lineup(row);
}

export async function lineupCards(db: Db, matchdayId: number, userId: number): Promise<LineupCardRow[]> {
  const rows = (await db('lineup_cards')
    .where({ matchday_id: matchdayId, user_id: userId })
    .orderBy('card_id')) as LineupCardRow[];
  return rows.map(card);
}

/** The cards of several lineups of one user (history pages). */
export async function cardsOfLineups(
  db: Db,
  userId: number,
  matchdayIds: readonly number[],
): Promise<LineupCardRow[]> {
  if (matchdayIds.length === 0) return [];
  const rows = (await db('lineup_cards')
    .where({ user_id: userId })
    .whereIn('matchday_id', matchdayIds)
    .orderBy('card_id')) as LineupCardRow[];
  return rows.map(card);
}

/** Writes the lineup's new shape: its row (a new version) and its cards, replacing the old ones. */
export async function saveLineup(
  trx: Knex.Transaction,
  row: { matchdayId: number; userId: number; captainCardId: number; version: number },
  cards: readonly Omit<LineupCardRow, 'points'>[],
  now: Date,
): Promise<void> {
  await trx('lineups')
    .insert({
      matchday_id: row.matchdayId,
      user_id: row.userId,
      captain_card_id: row.captainCardId,
      version: row.version,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['matchday_id', 'user_id'])
    .merge({ captain_card_id: row.captainCardId, version: row.version, updated_at: now });
  await trx('lineup_cards').where({ matchday_id: row.matchdayId, user_id: row.userId }).delete();
  await trx('lineup_cards').insert(cards.map((c) => ({ ...c })));
}

/** Every lineup of a matchday with its cards, for scoring. */
export async function lineupsOf(
  db: Db,
  matchdayId: number,
): Promise<{ lineups: LineupRow[]; cards: LineupCardRow[] }> {
  const [lineups, cards] = await Promise.all([
    db('lineups').where({ matchday_id: matchdayId }) as Promise<LineupRow[]>,
    db('lineup_cards').where({ matchday_id: matchdayId }) as Promise<LineupCardRow[]>,
  ]);
  return { lineups: lineups.map(lineup), cards: cards.map(card) };
}

export async function saveScores(
  trx: Knex.Transaction,
  matchdayId: number,
  scored: readonly {
    userId: number;
    points: number;
    rank: number;
    reward: number;
    cards: readonly { cardId: number; points: number }[];
  }[],
): Promise<void> {
  for (const s of scored) {
    await trx('lineups')
      .where({ matchday_id: matchdayId, user_id: s.userId })
      .update({ points: s.points, rank: s.rank, reward: s.reward, reward_state: 'pending' });
    for (const c of s.cards)
      await trx('lineup_cards')
        .where({ matchday_id: matchdayId, card_id: c.cardId })
        .update({ points: c.points });
  }
}

/** Lineups whose reward the wallet has not paid yet, oldest matchday first. */
export async function pendingRewards(db: Db, limit: number): Promise<LineupRow[]> {
  const rows = (await db('lineups')
    .where({ reward_state: 'pending' })
    .orderBy(['matchday_id', 'rank'])
    .limit(limit)) as LineupRow[];
  return rows.map(lineup);
}

/** pending → paid; false when another driver marked it first. */
export async function markRewardPaid(
  trx: Knex.Transaction,
  matchdayId: number,
  userId: number,
  transactionId: number,
  now: Date,
): Promise<boolean> {
  const updated = await trx('lineups')
    .where({ matchday_id: matchdayId, user_id: userId, reward_state: 'pending' })
    .update({ reward_state: 'paid', reward_transaction_id: transactionId, paid_at: now });
  return updated > 0;
}

/** A page of a scored matchday's standings, best first, after `afterRank`. */
export async function standingsPage(
  db: Db,
  matchdayId: number,
  afterRank: number,
  limit: number,
): Promise<LineupRow[]> {
  const rows = (await db('lineups')
    .where({ matchday_id: matchdayId })
    .whereNotNull('rank')
    .andWhere('rank', '>', afterRank)
    .orderBy('rank')
    .limit(limit)) as LineupRow[];
  return rows.map(lineup);
}

/** A page of the user's lineups, newest matchday first, before `beforeMatchday`. */
export async function historyPage(
  db: Db,
  userId: number,
  beforeMatchday: number,
  limit: number,
): Promise<LineupRow[]> {
  const rows = (await db('lineups')
    .where({ user_id: userId })
    .andWhere('matchday_id', '<', beforeMatchday)
    .orderBy('matchday_id', 'desc')
    .limit(limit)) as LineupRow[];
  return rows.map(lineup);
}

export async function countHistory(db: Db, userId: number): Promise<number> {
  const row = (await db('lineups').where({ user_id: userId }).count({ n: '*' }).first()) as {
    n: number | string;
  };
  return Number(row.n);
}
