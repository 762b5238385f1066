import { MARKET_USER_ID } from '@touchline/rules';
import { inRounds, type EventMeta, type OutboxEvent, type Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import {
  applyTick,
  observePrices,
  recomputeUsers,
  recordMints,
  recordTransfers,
  registerUser,
  setBanned,
  statsFromDb,
  type CardRecord,
  type UserTotals,
} from '../db/projection';
import { boardMoves } from '../domain/board-moves';
import { pushAfterCommit } from './cache-sync';
import type { LeaderboardDeps } from './deps';

/** The event's own time, or when it was published if the payload has none. */
function eventTime(iso: string, meta: EventMeta): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? meta.occurredAt : at;
}

/**
 * Totals changed (or a user joined the board): publish them with the board's change, in one insert
 * of this transaction, and refresh the cache (after commit).
 */
async function changed(deps: LeaderboardDeps, trx: Tx, rows: UserTotals[]): Promise<void> {
  // A user first seen with nothing (the old owner of a card seen only leaving them) did not change.
  const changes = rows.filter((row) => !(row.firstSeen && row.collectionValue === 0 && row.cardCount === 0));
  const board = await boardChanged(trx, changes);
  await deps.outbox.addAll(trx, [
    ...changes.map((row): OutboxEvent => ({
      topic: 'leaderboard.stats.changed',
      key: String(row.userId),
      payload: {
        userId: row.userId,
        collectionValue: row.collectionValue,
        cardCount: row.cardCount,
        asOf: row.asOf.toISOString(),
        version: row.version,
      },
    })),
    ...(board ? [board] : []),
  ]);
  pushAfterCommit(deps, trx, rows);
}

/**
 * One board event per change of totals (not one per user): the live stream tells every open board
 * and home's rank that the order may have moved (notifications' changes.ts), and each mover's page
 * its new count, value and rank (issue 41: GET /api/user was read again after every own change).
 * The ranks are read in this transaction, after its totals; a cut list carries none (every page
 * reads its rank again, and a price tick's hundreds of counts would cost more than they save).
 */
async function boardChanged(trx: Tx, rows: UserTotals[]): Promise<OutboxEvent | undefined> {
  const { moves, truncated } = boardMoves(
    rows.map((row) => ({
      userId: row.userId,
      collectionValue: row.collectionValue,
      previousValue: row.previousValue ?? row.collectionValue,
      cardCount: row.cardCount,
    })),
  );
  if (moves.length === 0) return undefined;
  const ranks = truncated
    ? new Map<number, number>()
    : new Map(
        (
          await statsFromDb(
            trx,
            moves.map((move) => move.userId),
          )
        ).map((r) => [r.userId, r.rank]),
      );
  const asOf = new Date(Math.max(...rows.map((row) => row.asOf.getTime())));
  return {
    topic: 'leaderboard.board.changed',
    key: 'board',
    payload: {
      moves: moves.map((move) => ({ ...move, rank: ranks.get(move.userId) ?? 0 })),
      truncated,
      asOf: asOf.toISOString(),
    },
  };
}

/** A card that changed hands (or was made): its record, its price then, whose totals it moves. */
interface CardMove extends CardRecord {
  price: number;
  /** The users whose totals it changes (its previous owner is found under the lock). */
  userIds: number[];
}

/**
 * Cards that changed hands (or were made), one event each, together. Locks are taken in one order
 * everywhere (cards, player prices, users, each by id), and the totals are recomputed from the rows
 * once for everyone the moves touched: the outcome is the same whatever order the events arrive in
 * and however they are grouped, so a fetched batch is folded in a few statements and one stats
 * event per changed user.
 */
async function cardsMoved(
  deps: LeaderboardDeps,
  trx: Tx,
  moves: CardMove[],
  /** Records the moves under the cards' row locks; answers the owners before them. */
  record: (records: CardRecord[]) => Promise<Map<number, number>>,
): Promise<void> {
  if (moves.length === 0) return;
  const userIds = new Set(moves.flatMap((move) => move.userIds));
  for (const round of inRounds(moves, (move) => move.cardId))
    for (const previousOwner of (await record(round)).values()) userIds.add(previousOwner);
  const repriced = new Set<number>();
  for (const round of inRounds(moves, (move) => move.playerId))
    for (const playerId of await observePrices(trx, round)) repriced.add(playerId);
  const rows = await recomputeUsers(trx, {
    userIds: [...userIds],
    playerIds: [...repriced],
    asOf: new Date(Math.max(...moves.map((move) => move.at.getTime()))),
  });
  await changed(deps, trx, rows);
}

type Delivered<T extends 'cards.card.minted' | 'cards.card.transferred' | 'cards.card.burned'> = {
  event: EventOutput<T>;
  meta: EventMeta;
}[];

export function onCardsMinted(deps: LeaderboardDeps, trx: Tx, minted: Delivered<'cards.card.minted'>) {
  return cardsMoved(
    deps,
    trx,
    minted.map(({ event, meta }) => ({
      cardId: event.cardId,
      playerId: event.playerId,
      ownerId: event.userId,
      at: eventTime(event.mintedAt, meta),
      price: event.currentPrice,
      userIds: [event.userId],
    })),
    (records) => recordMints(trx, records),
  );
}

export function onCardsTransferred(
  deps: LeaderboardDeps,
  trx: Tx,
  transferred: Delivered<'cards.card.transferred'>,
) {
  return cardsMoved(
    deps,
    trx,
    transferred.map(({ event, meta }) => ({
      cardId: event.cardId,
      playerId: event.playerId,
      ownerId: event.toUserId,
      at: eventTime(event.transferredAt, meta),
      price: event.currentPrice,
      userIds: [event.fromUserId, event.toUserId],
    })),
    (records) => recordTransfers(trx, records),
  );
}

/** A price tick moves the value of every holder of a repriced player, in SQL, set-wise. */
export async function onPricesTicked(
  deps: LeaderboardDeps,
  trx: Tx,
  event: EventOutput<'market.prices.ticked'>,
  meta: EventMeta,
): Promise<void> {
  const at = eventTime(event.tickedAt, meta);
  const repriced = await applyTick(trx, {
    tick: event.tick,
    at,
    playerIds: event.prices.map((p) => p.playerId),
    prices: event.prices.map((p) => p.price),
  });
  if (repriced.length === 0) return;
  await changed(deps, trx, await recomputeUsers(trx, { userIds: [], playerIds: repriced, asOf: at }));
}

/** A new user is on the board at once, with 0 until cards arrive. */
export async function onUserRegistered(
  deps: LeaderboardDeps,
  trx: Tx,
  event: EventOutput<'identity.user.registered'>,
  meta: EventMeta,
): Promise<void> {
  const row = await registerUser(trx, {
    userId: event.userId,
    registeredAt: eventTime(event.registeredAt, meta),
  });
  if (row) pushAfterCommit(deps, trx, [row]);
}

/** Banned users leave the board while banned; their totals keep following their cards. */
export async function onUserBanned(
  deps: LeaderboardDeps,
  trx: Tx,
  event: EventOutput<'identity.user.banned'>,
  meta: EventMeta,
): Promise<void> {
  const row = await setBanned(trx, {
    userId: event.userId,
    banned: event.banned,
    at: eventTime(event.changedAt, meta),
  });
  if (row) pushAfterCommit(deps, trx, [row]);
}

/**
 * Cards given up for a squad challenge (decision 0018) leave their owner's count and value. They
 * belong to no one; here they are recorded as the market's (user 0), which is never ranked, as a
 * transfer to the shop is: the same path, and no player's totals ever count them again.
 */
export function onCardsBurned(deps: LeaderboardDeps, trx: Tx, burned: Delivered<'cards.card.burned'>) {
  return cardsMoved(
    deps,
    trx,
    burned.map(({ event, meta }) => ({
      cardId: event.cardId,
      playerId: event.playerId,
      ownerId: MARKET_USER_ID,
      at: eventTime(event.burnedAt, meta),
      price: event.currentPrice,
      userIds: [event.userId, MARKET_USER_ID],
    })),
    (records) => recordTransfers(trx, records),
  );
}
