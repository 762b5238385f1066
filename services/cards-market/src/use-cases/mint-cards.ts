import { invalid, businessRule, inTransaction } from '@touchline/kit';
import type { MintCardsRequest__Output } from '@touchline/protos/gen/touchline/cards_market/MintCardsRequest';
import type { MintCardsResponse } from '@touchline/protos/gen/touchline/cards_market/MintCardsResponse';
import { mintRequestCards, recordMintRequest } from '../db/minting';
import { cardsByIds } from '../db/queries';
import type { MintReason } from '../domain/card';
import { drawPack, findPack } from '../domain/packs';
import { isRarity } from '../domain/rarity';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { mintEdition, mintRandomOfRarity } from './mint';

const REASONS: MintReason[] = ['pack', 'promo', 'admin'];
const MAX_CARDS_PER_REQUEST = 100;

/**
 * Mints cards for rewards (promo codes, admin grants). All or nothing, and idempotent: the outcome
 * is stored under the key in the same transaction, so a retry returns the same cards.
 */
export async function mintCards(
  deps: CardsDeps,
  request: MintCardsRequest__Output,
): Promise<MintCardsResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const reason = request.reason as MintReason;
  if (!REASONS.includes(reason)) throw invalid(`reason must be one of ${REASONS.join(', ')}`);
  const total = request.specs.reduce((n, s) => n + Math.max(1, s.quantity), 0);
  if (total === 0 || total > MAX_CARDS_PER_REQUEST)
    throw invalid(`between 1 and ${MAX_CARDS_PER_REQUEST} cards per request`);

  const cardIds = await inTransaction(deps.db, async (trx) => {
    const earlier = await mintRequestCards(trx, request.idempotencyKey);
    if (earlier) return earlier;
    const order = { ownerId: request.userId, reason, reference: request.reference };
    const ids: number[] = [];
    for (const spec of request.specs) {
      for (let i = 0; i < Math.max(1, spec.quantity); i++) {
        if (spec.what === 'playerId') {
          const id = await mintEdition(deps, trx, spec.playerId!, order);
          if (id === undefined) throw businessRule('Every edition of this player has been minted');
          ids.push(id);
        } else if (spec.what === 'rarity' && isRarity(spec.rarity!)) {
          ids.push(await mintRandomOfRarity(deps, trx, spec.rarity!, order));
        } else if (spec.what === 'packId' && findPack(spec.packId!)) {
          // A pack reward (promo codes): its cards, drawn with the pack's published odds.
          for (const rarity of drawPack(findPack(spec.packId!)!, deps.random)) {
            ids.push(await mintRandomOfRarity(deps, trx, rarity, order));
          }
        } else {
          throw invalid('each spec needs a player_id, a known rarity or a known pack_id');
        }
      }
    }
    await recordMintRequest(trx, request.idempotencyKey, request.userId, ids, deps.clock.now());
    return ids;
  });
  deps.players.invalidate();
  return { cards: cardMessages(await cardsByIds(deps.db, deps.players, cardIds), deps.players) };
}
