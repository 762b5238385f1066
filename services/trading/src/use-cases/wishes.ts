import { businessRule, conflict, forbidden, inTransaction, invalid, notFound } from '@touchline/kit';
import type { CancelWishRequest__Output } from '@touchline/protos/gen/touchline/trading/CancelWishRequest';
import type { CreateWishRequest__Output } from '@touchline/protos/gen/touchline/trading/CreateWishRequest';
import type { TradeWish } from '@touchline/protos/gen/touchline/trading/TradeWish';
import {
  findWish,
  findWishByKey,
  insertWish,
  openWishOnCard,
  setWishStatus,
  type WishRow,
} from '../db/wishes';
import { wishMessage } from '../mappers';
import { MUTED_NOTE } from '../domain/offer';
import { checkPreferences, WISH_EXISTS, WISH_NOT_FOUND, WISH_NOT_OPEN } from '../domain/wish';
import { CARD_NOT_FOUND } from './create-offer';
import type { TradingDeps } from './deps';

export const NOT_YOUR_WISH_CARD = 'You can only list your own cards for trade';
export const LISTED_CARD = 'Cards listed for sale cannot be listed for trade';
export const UNKNOWN_TEAM = 'Team not found';

/** A desired team must be one of cards-market's teams (0 is "any team"). */
async function checkTeamExists(deps: TradingDeps, teamId: number): Promise<void> {
  if (teamId === 0) return;
  const { teams } = await deps.cards.ListTeams({});
  if (!teams.some((t) => t.id === teamId)) throw notFound(UNKNOWN_TEAM);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

function repeat(earlier: WishRow, request: CreateWishRequest__Output): TradeWish {
  if (earlier.card_id !== request.cardId)
    throw conflict('Idempotency key was used for another trade listing');
  return wishMessage(earlier);
}

/**
 * Lists an own card, not for sale, for trade with what the owner would like for it, and publishes
 * trading.wish.created. One open wish per card; muted users cannot post notes.
 */
export async function createWish(deps: TradingDeps, request: CreateWishRequest__Output): Promise<TradeWish> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const earlier = await findWishByKey(deps.db, request.userId, request.idempotencyKey);
  if (earlier) return repeat(earlier, request);
  if (!Number.isSafeInteger(request.cardId) || request.cardId <= 0) throw invalid('Choose a card to list');
  const prefs = checkPreferences({
    desiredRarity: request.desiredRarity,
    desiredPosition: request.desiredPosition,
    desiredTeamId: request.desiredTeamId,
    minimumCoins: request.minimumCoins,
    notes: request.notes,
  });

  const [{ cards }, user] = await Promise.all([
    deps.cards.GetCardsByIds({ cardIds: [request.cardId] }),
    prefs.notes ? deps.identity.GetUser({ userId: request.userId }) : undefined,
    checkTeamExists(deps, prefs.desiredTeamId),
  ]);
  if (user?.muted) throw forbidden(MUTED_NOTE);
  const card = cards[0];
  if (!card) throw notFound(CARD_NOT_FOUND);
  if (card.userId !== request.userId) throw forbidden(NOT_YOUR_WISH_CARD);
  if (card.forSale) throw businessRule(LISTED_CARD);
  const player = card.player!;

  const now = deps.clock.now();
  try {
    return await inTransaction(deps.db, async (trx) => {
      const raced = await findWishByKey(trx, request.userId, request.idempotencyKey);
      if (raced) return repeat(raced, request);
      const open = await openWishOnCard(trx, card.id);
      // The same key committed between the two reads above: that request's wish is this one's answer.
      if (open?.user_id === request.userId && open.idempotency_key === request.idempotencyKey)
        return repeat(open, request);
      if (open) throw conflict(WISH_EXISTS);
      const row = await insertWish(
        trx,
        {
          user_id: request.userId,
          card_id: card.id,
          desired_rarity: prefs.desiredRarity,
          desired_position: prefs.desiredPosition,
          desired_team_id: prefs.desiredTeamId,
          minimum_coins: prefs.minimumCoins,
          notes: prefs.notes,
          player_id: player.id,
          player_name: player.name,
          rarity: player.rarity,
          position: player.position,
          team_id: player.teamId,
          value_snapshot: player.currentPrice,
          idempotency_key: request.idempotencyKey,
        },
        now,
      );
      await deps.outbox.add(trx, 'trading.wish.created', String(row.id), {
        wishId: row.id,
        userId: request.userId,
        cardId: card.id,
        createdAt: now.toISOString(),
      });
      return wishMessage(row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent request: the same key (answer its wish) or another wish on the card.
    const raced = await findWishByKey(deps.db, request.userId, request.idempotencyKey);
    if (raced) return repeat(raced, request);
    throw conflict(WISH_EXISTS);
  }
}

/** The owner takes the card off the trade marketplace; repeating it answers the same. */
export async function cancelWish(deps: TradingDeps, request: CancelWishRequest__Output): Promise<TradeWish> {
  return inTransaction(deps.db, async (trx) => {
    const wish = await findWish(trx, request.wishId, true);
    if (!wish) throw notFound(WISH_NOT_FOUND);
    if (wish.user_id !== request.userId) throw forbidden('You can only remove your own trade listings');
    if (wish.status === 'cancelled') return wishMessage(wish);
    if (wish.status !== 'open') throw conflict(WISH_NOT_OPEN);
    const now = deps.clock.now();
    const cancelled = await setWishStatus(trx, wish.id, 'cancelled', now);
    await deps.outbox.add(trx, 'trading.wish.removed', String(wish.id), {
      wishId: wish.id,
      userId: wish.user_id,
      removedAt: now.toISOString(),
    });
    return wishMessage(cancelled);
  });
}
