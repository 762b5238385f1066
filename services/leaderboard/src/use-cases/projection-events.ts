import type { EventMeta, Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import {
  applyTick,
  observePrice,
  recomputeUsers,
  recordMint,
  recordTransfer,
  registerUser,
  setBanned,
  type UserTotals,
} from '../db/projection';
import { pushAfterCommit } from './cache-sync';
import type { LeaderboardDeps } from './deps';

/** The event's own time, or when it was published if the payload has none. */
function eventTime(iso: string, meta: EventMeta): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? meta.occurredAt : at;
}

/** Totals changed (or a user joined the board): publish them (in this transaction) and refresh the cache (after commit). */
async function changed(deps: LeaderboardDeps, trx: Tx, rows: UserTotals[]): Promise<void> {
  // A user first seen with nothing (the old owner of a card seen only leaving them) did not change.
  const changes = rows.filter((row) => !(row.firstSeen && row.collectionValue === 0 && row.cardCount === 0));
  await deps.outbox.addMany(
    trx,
    'leaderboard.stats.changed',
    changes.map((row) => ({
      key: String(row.userId),
      payload: {
        userId: row.userId,
        collectionValue: row.collectionValue,
        cardCount: row.cardCount,
        asOf: row.asOf.toISOString(),
        version: row.version,
      },
    })),
  );
  pushAfterCommit(deps, trx, rows);
}

/**
 * A card changed hands (or was made). Locks are taken in one order everywhere (card, player price,
 * users by id), and the totals are recomputed from the rows, so the outcome is the same whatever
 * order the events arrive in.
 */
async function cardMoved(
  deps: LeaderboardDeps,
  trx: Tx,
  move: { cardId: number; playerId: number; price: number; at: Date; userIds: number[] },
  /** Records the move under the card's row lock; answers the owner before it. */
  record: () => Promise<number | undefined>,
): Promise<void> {
  const previousOwner = await record();
  const priceChanged = await observePrice(trx, { playerId: move.playerId, price: move.price, at: move.at });
  const rows = await recomputeUsers(trx, {
    userIds: previousOwner === undefined ? move.userIds : [...move.userIds, previousOwner],
    playerIds: priceChanged ? [move.playerId] : [],
    asOf: move.at,
  });
  await changed(deps, trx, rows);
}

export async function onCardMinted(
  deps: LeaderboardDeps,
  trx: Tx,
  event: EventOutput<'cards.card.minted'>,
  meta: EventMeta,
): Promise<void> {
  const card = {
    cardId: event.cardId,
    playerId: event.playerId,
    ownerId: event.userId,
    at: eventTime(event.mintedAt, meta),
  };
  await cardMoved(deps, trx, { ...card, price: event.currentPrice, userIds: [event.userId] }, () =>
    recordMint(trx, card),
  );
}

export async function onCardTransferred(
  deps: LeaderboardDeps,
  trx: Tx,
  event: EventOutput<'cards.card.transferred'>,
  meta: EventMeta,
): Promise<void> {
  const card = {
    cardId: event.cardId,
    playerId: event.playerId,
    ownerId: event.toUserId,
    at: eventTime(event.transferredAt, meta),
  };
  await cardMoved(
    deps,
    trx,
    { ...card, price: event.currentPrice, userIds: [event.fromUserId, event.toUserId] },
    () => recordTransfer(trx, card),
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
