import {
  businessRule,
  conflict,
  DomainError,
  forbidden,
  inTransaction,
  invalid,
  isOutcomeUnknown,
  notFound,
  unavailable,
} from '@touchline/kit';
import type { SetLineupRequest__Output } from '@touchline/protos/gen/touchline/matchday/SetLineupRequest';
import type { SetLineupResponse } from '@touchline/protos/gen/touchline/matchday/SetLineupResponse';
import { LINEUP_HOLD_PREFIX, RARITIES } from '@touchline/rules';
import { insertHolds, setHoldState } from '../db/card-holds';
import {
  claimLineupKey,
  findLineupKey,
  releaseLineupKey,
  settleLineupKey,
  takeOverLineupKey,
} from '../db/lineup-keys';
import { findLineup, lineupCards, saveLineup, type LineupCardRow } from '../db/lineups';
import { countLineups, findMatchday, type MatchdayRow } from '../db/matchdays';
import {
  CARD_BUSY,
  NO_MATCHDAY,
  NOT_OPEN,
  NOT_YOURS,
  checkLineupRequest,
  checkDistinctPlayers,
  checkLineupShape,
  sameLineup,
} from '../domain/lineup';
import { matchdayMessage } from '../mappers';
import type { MatchdayDeps } from './deps';
import { readLineup } from './read';

const MAX_KEY_LENGTH = 200;
export const LINEUP_CHANGED = 'Your lineup changed meanwhile; look at it and try again';
export const LINEUP_BEING_SAVED = 'This lineup is still being saved. Please try again.';
/** How long a second call of a key waits for the first one's outcome before asking to come back. */
const CLAIM_WAIT_MS = 10_000;
/** A claim this old belongs to a call that died (the peers' deadlines are seconds). */
const STALE_CLAIM_MS = 120_000;

function isOpen(matchday: MatchdayRow, now: Date): boolean {
  return matchday.state === 'open' && matchday.locks_at.getTime() > now.getTime();
}

async function answer(deps: MatchdayDeps, matchday: MatchdayRow, userId: number): Promise<SetLineupResponse> {
  const entries = matchday.state === 'open' ? await countLineups(deps.db, matchday.id) : matchday.entries;
  return {
    matchday: matchdayMessage(matchday, entries),
    lineup: await readLineup(deps.db, matchday, userId),
  };
}

/** Voids holds this call took and no lineup uses; what cannot be voided now is left to the sweeper. */
async function voidHolds(deps: MatchdayDeps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.cards.VoidCardHold(
        { holdKey: key, reason: 'matchday lineup not fielded' },
        { timeoutMs: deps.config.MATCHDAY_PEER_TIMEOUT_MS },
      );
      await setHoldState(deps.db, [key], 'released', deps.clock.now());
    } catch (error) {
      deps.logger.warn({ err: error, holdKey: key }, 'lineup card hold not voided yet; left to the sweeper');
      await setHoldState(deps.db, [key], 'releasing', deps.clock.now(), ['holding']);
    }
  }
}

/**
 * SetLineup: fields (or replaces) the user's lineup of the open matchday. Every newly fielded card is
 * held in cards-market (a card hold of its own, so a later change can free one card without the
 * others): a listed card, one in an open trade or in another lineup cannot be held, and a held card
 * cannot be listed or traded until the matchday locks. The holds are recorded before they are asked
 * for, so a crash between leaves nothing held for good (the sweeper voids them). The lineup is written
 * under the matchday's row (shared) and the lineup's own row: a lock at kickoff and a parallel change
 * of the same lineup each wait their turn, and the loser gives its holds back.
 */
export async function setLineup(
  deps: MatchdayDeps,
  request: SetLineupRequest__Output,
): Promise<SetLineupResponse> {
  const userId = Number(request.userId);
  if (userId <= 0) throw invalid('user_id is required');
  const key = request.idempotencyKey.trim();
  if (!key) throw invalid('idempotency_key is required');
  if (key.length > MAX_KEY_LENGTH)
    throw invalid(`idempotency_key is longer than ${MAX_KEY_LENGTH} characters`);
  const cardIds = checkLineupRequest(request.cardIds.map(Number), Number(request.captainCardId));
  const captainCardId = Number(request.captainCardId);

  const matchday = await findMatchday(deps.db, Number(request.matchdayId));
  if (!matchday) throw notFound(NO_MATCHDAY);
  const held = await claimOrReplay(deps, userId, key, matchday);
  if ('replay' in held) return held.replay;
  try {
    return await field(deps, { userId, key, claim: held.claim }, matchday, cardIds, captainCardId);
  } catch (error) {
    // A refusal is the key's answer for good; an unknown outcome lets the same key try again.
    if (error instanceof DomainError && !isOutcomeUnknown(error) && error.code !== 'internal')
      await settleLineupKey(deps.db, userId, key, held.claim, {
        state: 'refused',
        code: error.code,
        message: error.message,
      });
    else await releaseLineupKey(deps.db, userId, key, held.claim);
    throw error;
  }
}

/**
 * The first call of a key claims it; a second one (a double tap, a retry) waits for the first one's
 * outcome and answers it, so one key gets one answer even when both run at once.
 */
async function claimOrReplay(
  deps: MatchdayDeps,
  userId: number,
  key: string,
  matchday: MatchdayRow,
): Promise<{ claim: string } | { replay: SetLineupResponse }> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const found = await findLineupKey(deps.db, userId, key);
    const now = deps.clock.now();
    if (!found) {
      if (!isOpen(matchday, now)) throw businessRule(NOT_OPEN);
      const claim = deps.random.uuid();
      if (await claimLineupKey(deps.db, { userId, key, matchdayId: matchday.id, claim, at: now }))
        return { claim };
      continue;
    }
    if (found.matchday_id !== matchday.id)
      throw conflict('This idempotency key was used for another matchday');
    if (found.state === 'saved') return { replay: await answer(deps, matchday, userId) };
    if (found.state === 'refused') throw new DomainError(found.failure_code, found.failure);
    if (found.claimed_at && now.getTime() - found.claimed_at.getTime() > STALE_CLAIM_MS) {
      const claim = deps.random.uuid();
      if (await takeOverLineupKey(deps.db, userId, key, found.claim, { claim, at: now })) return { claim };
      continue;
    }
    if (Date.now() > deadline) throw unavailable(LINEUP_BEING_SAVED);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface HeldKey {
  userId: number;
  key: string;
  claim: string;
}

async function field(
  deps: MatchdayDeps,
  held: HeldKey,
  matchday: MatchdayRow,
  cardIds: number[],
  captainCardId: number,
): Promise<SetLineupResponse> {
  const { userId } = held;
  const current = await findLineup(deps.db, matchday.id, userId);
  const currentCards = current ? await lineupCards(deps.db, matchday.id, userId) : [];
  if (
    current &&
    sameLineup(
      { cardIds, captainCardId },
      { cardIds: currentCards.map((c) => c.card_id), captainCardId: current.captain_card_id },
    )
  ) {
    await settleLineupKey(deps.db, userId, held.key, held.claim, { state: 'saved' });
    return answer(deps, matchday, userId);
  }

  const { cards } = await deps.cards.GetCardsByIds(
    { cardIds },
    { timeoutMs: deps.config.MATCHDAY_PEER_TIMEOUT_MS },
  );
  const byId = new Map(cards.map((c) => [Number(c.id), c]));
  const fielded = cardIds.map((id) => byId.get(id));
  if (fielded.some((c) => !c || Number(c.userId) !== userId || !c.player)) throw forbidden(NOT_YOURS);
  const players = fielded.map((c) => c!.player!);
  checkLineupShape(players.map((p) => p.position));
  checkDistinctPlayers(players.map((p) => Number(p.id)));
  if (players.some((p) => !(RARITIES as readonly string[]).includes(p.rarity)))
    throw invalid('A card of this lineup has an unknown rarity');

  // Cards already in the lineup keep their holds; the others are held now.
  const kept = new Map(currentCards.map((c) => [c.card_id, c.hold_key]));
  const version = (current?.version ?? 0) + 1;
  const now = deps.clock.now();
  // In card order, so that two changes racing for the same cards fail one, never both.
  const toHold = [...cardIds]
    .filter((id) => !kept.has(id))
    .sort((a, b) => a - b)
    .map((cardId) => ({
      holdKey: `${LINEUP_HOLD_PREFIX}${matchday.id}:${userId}:${version}:${cardId}:${deps.random.uuid().slice(0, 8)}`,
      matchdayId: matchday.id,
      userId,
      cardId,
    }));
  await insertHolds(deps.db, toHold, now);
  const taken: string[] = [];
  try {
    for (const hold of toHold) {
      await deps.cards.HoldCards(
        {
          holdKey: hold.holdKey,
          ownerUserId: userId,
          toUserId: userId,
          cardIds: [hold.cardId],
          reason: 'matchday',
          reference: `matchday:${matchday.id}`,
        },
        { timeoutMs: deps.config.MATCHDAY_PEER_TIMEOUT_MS },
      );
      taken.push(hold.holdKey);
    }
  } catch (error) {
    // Voiding every key asked for, taken or not: a void of an unknown key leaves a tombstone in
    // cards-market, so a hold still on its way there fails instead of holding a card for good.
    await voidHolds(
      deps,
      toHold.map((h) => h.holdKey),
    );
    if (error instanceof DomainError && error.code === 'conflict') throw conflict(CARD_BUSY);
    if (isOutcomeUnknown(error)) throw unavailable();
    throw error;
  }

  const rows: Omit<LineupCardRow, 'points'>[] = cardIds.map((cardId, i) => {
    const player = players[i]!;
    return {
      matchday_id: matchday.id,
      card_id: cardId,
      user_id: userId,
      player_id: Number(player.id),
      player_name: player.name,
      position: player.position,
      rarity: player.rarity,
      team_id: Number(player.teamId),
      captain: cardId === captainCardId,
      hold_key: kept.get(cardId) ?? toHold.find((h) => h.cardId === cardId)!.holdKey,
    };
  });
  const released = currentCards.filter((c) => !cardIds.includes(c.card_id)).map((c) => c.hold_key);
  const outcome = await inTransaction(deps.db, async (trx) => {
    const locked = await findMatchday(trx, matchday.id, 'share');
    if (!locked || !isOpen(locked, deps.clock.now())) return NOT_OPEN;
    const again = await findLineup(trx, matchday.id, userId, true);
    if ((again?.version ?? 0) !== (current?.version ?? 0)) return LINEUP_CHANGED;
    const at = deps.clock.now();
    await saveLineup(trx, { matchdayId: matchday.id, userId, captainCardId, version }, rows, at);
    await setHoldState(trx, taken, 'held', at, ['holding']);
    await setHoldState(trx, released, 'releasing', at, ['held']);
    await settleLineupKey(trx, userId, held.key, held.claim, { state: 'saved' });
    // The user's first lineup of this matchday (the version check above lets one change be first).
    if (!again)
      await deps.outbox.add(trx, 'matchday.lineup.fielded', String(userId), {
        matchdayId: matchday.id,
        userId,
        fieldedAt: at.toISOString(),
      });
    return 'saved';
  });
  if (outcome !== 'saved') {
    await voidHolds(deps, taken);
    throw outcome === NOT_OPEN ? businessRule(NOT_OPEN) : conflict(LINEUP_CHANGED);
  }
  // Cards left out are free again at once (the sweeper finishes what fails here).
  await voidHolds(deps, released).catch(() => undefined);
  return answer(deps, matchday, userId);
}
