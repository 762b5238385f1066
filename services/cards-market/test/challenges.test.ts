import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { decodeEvent } from '@touchline/protos';
import { BURNED_OWNER_ID, CHALLENGE_MESSAGES } from '@touchline/rules';
import { startAuction } from '../src/use-cases/auctions';
import { holdCards } from '../src/use-cases/card-holds';
import {
  payChallengeReward,
  submitChallenge,
  sweepChallengeRewards,
} from '../src/use-cases/challenge-submit';
import {
  adminListChallenges,
  createChallenge,
  getChallenge,
  listChallenges,
  retireChallenge,
  scheduleChallenge,
  seedDemoChallenges,
} from '../src/use-cases/challenges';
import type { CardsDeps } from '../src/use-cases/deps';
import { listUnopenedPacks, markPackRevealed } from '../src/use-cases/pack-reveal';
import { CHALLENGE_REWARD_MESSAGES } from '../src/domain/challenge';
import { sellCard } from '../src/use-cases/selling';
import type { SubmissionRow } from '../src/db/challenges';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;
const ADMIN = 9_000;

const CONFIG = { MARKET_HOURS: 'always', SALE_SWEEP_INTERVAL_MS: '86400000' };
const deps = (overrides: Partial<CardsDeps> = {}) => marketDeps(market, clock, CONFIG, overrides);

beforeAll(async () => {
  market = await startMarketWithWallet(clock, {
    ...CONFIG,
    PRICE_TICK_CHECK_MS: '86400000',
    AUCTION_SWEEP_INTERVAL_MS: '86400000',
  });
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

let nextUser = 700;
const user = () => ++nextUser;
const coins = async (userId: number) => Number((await walletClient.GetBalance({ userId })).coins);

const taken = new Set<number>();
/** A free market card matching `where` (player columns), given to `userId`. */
async function giveCard(
  userId: number,
  where: { rarity?: string; position?: string; team_id?: number } = { rarity: 'Common' },
): Promise<{ cardId: number; currentPrice: number }> {
  const query = cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.owner_id', 0)
    .whereNull('k.reserved_by')
    .whereNull('k.hold_key')
    .whereNotIn('k.id', [...taken])
    .orderBy('k.id');
  for (const [column, value] of Object.entries(where)) void query.where(`p.${column}`, value);
  const row = (await query.first('k.id', 'p.current_price')) as { id: number; current_price: number };
  taken.add(row.id);
  await cards.database.db('cards').where({ id: row.id }).update({ owner_id: userId, purchase_price: 100 });
  return { cardId: Number(row.id), currentPrice: Number(row.current_price) };
}

async function challenge(over: Partial<Parameters<typeof createChallenge>[1]> = {}) {
  const { challenge } = await createChallenge(deps(), {
    adminUserId: ADMIN,
    idempotencyKey: key('create'),
    title: 'Two Defenders',
    description: '',
    cardCount: 2,
    teamId: 0,
    position: 'Defender',
    minRarity: '',
    minTotalValue: 0,
    rewardCoins: 1_200,
    rewardPackId: 0,
    startsAt: '',
    endsAt: '',
    ...over,
  });
  return challenge!;
}

const submit = (userId: number, challengeId: number, cardIds: number[], idempotencyKey = key('submit')) =>
  submitChallenge(deps(), { userId, challengeId, cardIds, idempotencyKey });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function cardRow(cardId: number) {
  return (await cards.database
    .db('cards')
    .where({ id: cardId })
    .first('owner_id', 'hold_key', 'burned_by')) as {
    owner_id: number;
    hold_key: string | null;
    burned_by: number | null;
  };
}

async function events<
  T extends 'cards.card.burned' | 'market.challenge.completed' | 'cards.card.minted' | 'cards.pack.opened',
>(topic: T, key: string) {
  const rows = (await cards.database.db('outbox').where({ topic, key }).orderBy('id').select('payload')) as {
    payload: Uint8Array;
  }[];
  return rows.map((r) => decodeEvent(topic, r.payload));
}

async function submissionRow(id: number): Promise<SubmissionRow> {
  return (await cards.database.db('challenge_submissions').where({ id }).first()) as SubmissionRow;
}

describe('squad challenges', () => {
  it('burns a squad that meets the requirements and pays the reward once', async () => {
    const c = await challenge({ minTotalValue: 1 });
    const player = user();
    const a = await giveCard(player, { position: 'Defender', rarity: 'Common' });
    const b = await giveCard(player, { position: 'Defender', rarity: 'Common' });
    const { submission, challenge: after } = await submit(player, Number(c.id), [a.cardId, b.cardId]);
    expect(submission).toMatchObject({
      rewardStatus: 'paid',
      rewardCoins: 1_200,
      totalValue: a.currentPrice + b.currentPrice,
    });
    expect(after).toMatchObject({ completions: 1, state: 'open' });
    expect(after!.submission).toMatchObject({ id: submission!.id });
    expect(await coins(player)).toBe(1_200);
    for (const id of [a.cardId, b.cardId])
      expect(await cardRow(id)).toEqual({
        owner_id: BURNED_OWNER_ID,
        hold_key: `challenge:${submission!.id}`,
        burned_by: submission!.id,
      });
    // Each burned card names its challenge; the completion names the squad.
    const burned = await events('cards.card.burned', String(a.cardId));
    expect(burned).toEqual([
      expect.objectContaining({ challengeId: c.id, submissionId: submission!.id, userId: player }),
    ]);
    const completed = await events('market.challenge.completed', String(player));
    expect(completed).toEqual([
      expect.objectContaining({ challengeId: c.id, cardIds: [a.cardId, b.cardId], rewardCoins: 1_200 }),
    ]);
    // The cards are out of the collection and the list shows the challenge as done.
    expect((await cards.database.db('cards').where({ owner_id: player })).length).toBe(0);
    const { challenges } = await listChallenges(deps(), player);
    expect(challenges.find((x) => x.id === c.id)!.submission).toMatchObject({ rewardStatus: 'paid' });
  });

  it('answers the same key with the same submission, and refuses a second completion', async () => {
    const c = await challenge({ cardCount: 1 });
    const player = user();
    const a = await giveCard(player, { position: 'Defender' });
    const b = await giveCard(player, { position: 'Defender' });
    const first = await submit(player, Number(c.id), [a.cardId], 'same-key');
    const again = await submit(player, Number(c.id), [a.cardId], 'same-key');
    expect(again.submission!.id).toBe(first.submission!.id);
    const second = await refusal(submit(player, Number(c.id), [b.cardId]));
    expect(second).toMatchObject({ code: 'conflict', message: CHALLENGE_MESSAGES.alreadyCompleted });
    expect((await cardRow(b.cardId)).owner_id).toBe(player);
    expect(await coins(player)).toBe(1_200);
  });

  it('refuses a squad that misses a requirement, in words, and burns nothing', async () => {
    const c = await challenge({ minRarity: 'Epic' });
    const player = user();
    const a = await giveCard(player, { position: 'Defender', rarity: 'Common' });
    const b = await giveCard(player, { position: 'Forward', rarity: 'Epic' });
    const error = await refusal(submit(player, Number(c.id), [a.cardId, b.cardId]));
    expect(error).toMatchObject({ code: 'business_rule', message: '2 cards do not meet the requirements' });
    const short = await refusal(submit(player, Number(c.id), [a.cardId]));
    expect(short.message).toContain('The squad needs exactly 2 cards');
    expect((await cardRow(a.cardId)).owner_id).toBe(player);
    expect(await coins(player)).toBe(0);
  });

  it("refuses another player's card, a repeated card, and a challenge not open", async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    const player = user();
    const other = await giveCard(user());
    expect(await refusal(submit(player, Number(c.id), [other.cardId]))).toMatchObject({
      code: 'forbidden',
      message: CHALLENGE_MESSAGES.notOwner,
    });
    const mine = await giveCard(player);
    expect((await refusal(submit(player, Number(c.id), [mine.cardId, mine.cardId]))).code).toBe('invalid');
    expect((await refusal(submit(player, 999_999, [mine.cardId]))).code).toBe('not_found');
    const later = await challenge({ cardCount: 1, position: '', startsAt: '2026-12-01T00:00:00Z' });
    expect((await refusal(submit(player, Number(later.id), [mine.cardId]))).code).toBe('not_found');
    const ended = await challenge({ cardCount: 1, position: '' });
    await scheduleChallenge(deps(), {
      challengeId: Number(ended.id),
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-02T00:00:00Z',
    });
    expect(await refusal(submit(player, Number(ended.id), [mine.cardId]))).toMatchObject({
      code: 'conflict',
      message: CHALLENGE_MESSAGES.notOpen,
    });
    await retireChallenge(deps(), Number(c.id));
    expect((await refusal(submit(player, Number(c.id), [mine.cardId]))).code).toBe('not_found');
    expect((await listChallenges(deps(), player)).challenges.map((x) => x.id)).not.toContain(c.id);
    expect((await adminListChallenges(deps())).challenges.find((x) => x.id === c.id)!.state).toBe('retired');
    expect((await cardRow(mine.cardId)).owner_id).toBe(player);
  });

  it('refuses a listed card, a card in a trade hold or a lineup, and a card at auction', async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    const player = user();
    const listed = await giveCard(player);
    await sellCard(deps(), {
      userId: player,
      cardId: listed.cardId,
      price: listed.currentPrice,
      idempotencyKey: key('sell'),
    });
    const held = await giveCard(player);
    await holdCards(deps(), {
      holdKey: key('lineup'),
      ownerUserId: player,
      toUserId: player,
      cardIds: [held.cardId],
      reason: 'matchday',
      reference: 'm',
    });
    const auctioned = await giveCard(player);
    await startAuction(deps(), {
      userId: player,
      cardId: auctioned.cardId,
      startPrice: auctioned.currentPrice,
      buyNowPrice: 0,
      duration: '1h',
      idempotencyKey: key('auction'),
    });
    for (const card of [listed, held, auctioned])
      expect(await refusal(submit(player, Number(c.id), [card.cardId]))).toMatchObject({
        code: 'conflict',
        message: CHALLENGE_MESSAGES.cardBusy,
      });
    expect(await cards.database.db('challenge_submissions').where({ challenge_id: c.id })).toHaveLength(0);
  });

  it('never lets a burned card be sold, held for a trade or auctioned', async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    const player = user();
    const card = await giveCard(player);
    await submit(player, Number(c.id), [card.cardId]);
    expect(
      (
        await refusal(
          sellCard(deps(), {
            userId: player,
            cardId: card.cardId,
            price: card.currentPrice,
            idempotencyKey: key('sell'),
          }),
        )
      ).code,
    ).not.toBe('internal');
    expect(
      (
        await refusal(
          holdCards(deps(), {
            holdKey: key('trade'),
            ownerUserId: player,
            toUserId: 1,
            cardIds: [card.cardId],
            reason: 'trade',
            reference: 't',
          }),
        )
      ).code,
    ).toBe('conflict');
    const auction = await refusal(
      startAuction(deps(), {
        userId: player,
        cardId: card.cardId,
        startPrice: card.currentPrice,
        buyNowPrice: 0,
        duration: '1h',
        idempotencyKey: key('auction'),
      }),
    );
    expect(auction.code).toBe('forbidden');
    expect((await cardRow(card.cardId)).owner_id).toBe(BURNED_OWNER_ID);
  });

  it('creates challenges with checked fields, once per key', async () => {
    const bad = (over: Partial<Parameters<typeof createChallenge>[1]>) => refusal(challenge(over));
    expect((await bad({ title: ' ' })).message).toBe('Title must be 1 to 80 characters');
    expect((await bad({ cardCount: 12 })).message).toBe('Number of cards must be 1 to 11');
    expect((await bad({ position: 'Striker' })).code).toBe('invalid');
    expect((await bad({ minRarity: 'Shiny' })).code).toBe('invalid');
    expect((await bad({ rewardCoins: 0 })).code).toBe('invalid');
    expect((await bad({ teamId: 999 })).message).toBe('Team not found');
    expect((await bad({ startsAt: 'tomorrow' })).message).toBe('Start must be a date and time');
    expect((await bad({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })).message).toBe(
      'The end must be after the start',
    );
    const once = { idempotencyKey: 'create-once', title: 'Once' };
    const first = await challenge(once);
    expect((await challenge(once)).id).toBe(first.id);
    expect((await refusal(challenge({ ...once, title: 'Other' }))).code).toBe('conflict');
    const got = await getChallenge(deps(), { userId: 1, challengeId: Number(first.id) });
    expect(got.challenge).toMatchObject({
      title: 'Once',
      state: 'open',
      position: 'Defender',
      submission: null,
    });
  });

  it('seeds the demo challenges once, and only when asked', async () => {
    const before = (await adminListChallenges(deps())).challenges.length;
    expect(await seedDemoChallenges(deps(), false)).toBe(0);
    expect(await seedDemoChallenges(deps(), true)).toBe(5);
    expect(await seedDemoChallenges(deps(), true)).toBe(0);
    const titles = (await adminListChallenges(deps())).challenges.map((c) => c.title);
    expect(titles).toHaveLength(before + 5);
    expect(titles).toContain('A full back line');
    const pack = (await adminListChallenges(deps())).challenges.find(
      (c) => c.title === 'Two Rares for a pack',
    );
    expect(pack).toMatchObject({ rewardCoins: 0, rewardPackId: 2, rewardPackName: 'Rare Pack' });
  });
});

/** The cards a player got from challenge reward packs: the origin says where they came from. */
async function rewardCards(userId: number) {
  return (await cards.database
    .db('cards')
    .where({ owner_id: userId, origin: 'challenge' })
    .orderBy('id')
    .select('id', 'purchase_price')) as { id: number; purchase_price: number }[];
}

const RARE_PACK = { id: 2, name: 'Rare Pack', size: 4 };

describe('squad challenge reward packs', () => {
  it('mints the pack with the burn, once, as a gift the player reveals like a bought pack', async () => {
    const c = await challenge({ cardCount: 1, position: '', rewardCoins: 0, rewardPackId: RARE_PACK.id });
    expect(c).toMatchObject({ rewardCoins: 0, rewardPackId: RARE_PACK.id, rewardPackName: RARE_PACK.name });
    const player = user();
    const card = await giveCard(player);
    const first = await submit(player, Number(c.id), [card.cardId], 'pack-key');
    const packCardIds = first.submission!.packCardIds!.map(Number);
    expect(packCardIds).toHaveLength(RARE_PACK.size);
    // A pack-only reward has no coins to wait for.
    expect(first.submission).toMatchObject({
      rewardPackId: RARE_PACK.id,
      rewardCoins: 0,
      rewardStatus: 'paid',
    });
    expect(await coins(player)).toBe(0);
    expect((await cardRow(card.cardId)).owner_id).toBe(BURNED_OWNER_ID);
    // The player's, at no cost, from a challenge.
    expect(await rewardCards(player)).toEqual(packCardIds.map((id) => ({ id, purchase_price: 0 })));
    const minted = await events('cards.card.minted', String(packCardIds[0]));
    expect(minted).toEqual([
      expect.objectContaining({
        userId: player,
        reason: 'challenge',
        reference: `challenge:${c.id}:${player}`,
      }),
    ]);
    expect(await events('market.challenge.completed', String(player))).toEqual([
      expect.objectContaining({ rewardPackId: RARE_PACK.id, rewardPackName: RARE_PACK.name, packCardIds }),
    ]);
    // Not a pack opened from the shop (the missions' "open packs" do not count it, as a promo's pack).
    expect(await events('cards.pack.opened', String(player))).toEqual([]);

    // The same key answers the same pack; nothing more is minted.
    const again = await submit(player, Number(c.id), [card.cardId], 'pack-key');
    expect(again.submission!.packCardIds!.map(Number)).toEqual(packCardIds);
    expect(await rewardCards(player)).toHaveLength(RARE_PACK.size);

    // Unopened until revealed, with its cards in minted order, then no longer.
    const { packs } = await listUnopenedPacks(deps(), player);
    expect(packs).toEqual([
      expect.objectContaining({
        purchaseId: `challenge-reward:${first.submission!.id}`,
        packId: RARE_PACK.id,
        packName: RARE_PACK.name,
        pricePaid: 0,
      }),
    ]);
    expect(packs[0]!.cards!.map((x) => Number(x.id))).toEqual(packCardIds);
    const reveal = { purchaseId: packs[0]!.purchaseId!, idempotencyKey: key('reveal') };
    // Another player cannot reveal it.
    expect((await refusal(markPackRevealed(deps(), { userId: user(), ...reveal }))).code).toBe('not_found');
    await markPackRevealed(deps(), { userId: player, ...reveal });
    await markPackRevealed(deps(), { userId: player, ...reveal });
    expect((await listUnopenedPacks(deps(), player)).packs).toEqual([]);
    expect(
      (await getChallenge(deps(), { userId: player, challengeId: Number(c.id) })).challenge!.submission,
    ).toMatchObject({ packCardIds });
  });

  it('gives coins and a pack together: the coins through the wallet, the pack with the burn', async () => {
    const c = await challenge({ cardCount: 1, position: '', rewardCoins: 500, rewardPackId: 1 });
    const player = user();
    const card = await giveCard(player);
    const { submission } = await submit(player, Number(c.id), [card.cardId]);
    expect(submission).toMatchObject({ rewardCoins: 500, rewardStatus: 'paid', rewardPackId: 1 });
    expect(await coins(player)).toBe(500);
    expect(await rewardCards(player)).toHaveLength(3);
  });

  it('a refused submission mints nothing', async () => {
    const c = await challenge({ minRarity: 'Epic', rewardPackId: RARE_PACK.id });
    const player = user();
    const a = await giveCard(player, { position: 'Defender', rarity: 'Common' });
    const b = await giveCard(player, { position: 'Defender', rarity: 'Common' });
    const editions = async () =>
      Number((await cards.database.db('players').sum('minted_editions as n').first())!.n);
    const before = await editions();
    await refusal(submit(player, Number(c.id), [a.cardId, b.cardId]));
    await refusal(submit(player, Number(c.id), [a.cardId]));
    expect(await rewardCards(player)).toEqual([]);
    expect(await editions()).toBe(before);
    expect(await cards.database.db('challenge_submissions').where({ challenge_id: c.id })).toHaveLength(0);
    expect((await listUnopenedPacks(deps(), player)).packs).toEqual([]);
  });

  it('refuses the squad, burning nothing, when the pack cannot be minted (its rarities sold out)', async () => {
    const c = await challenge({ cardCount: 1, position: '', rewardCoins: 0, rewardPackId: 5 });
    const player = user();
    const card = await giveCard(player);
    const top = cards.database.db('players').whereIn('rarity', ['Legendary', 'Ultra Legendary']);
    const saved = (await top.clone().select('id', 'minted_editions')) as {
      id: number;
      minted_editions: number;
    }[];
    await top.clone().update({ minted_editions: cards.database.db.ref('max_editions') });
    try {
      const error = await refusal(submit(player, Number(c.id), [card.cardId]));
      expect(error.code).toBe('business_rule');
      expect(error.message).toMatch(
        /^The Ultra Legendary Pack cannot be given now: No .+ cards are left to mint$/,
      );
    } finally {
      for (const row of saved)
        await cards.database
          .db('players')
          .where({ id: row.id })
          .update({ minted_editions: row.minted_editions });
    }
    expect(await cardRow(card.cardId)).toEqual({ owner_id: player, hold_key: null, burned_by: null });
    expect(await rewardCards(player)).toEqual([]);
    expect(await cards.database.db('challenge_submissions').where({ challenge_id: c.id })).toHaveLength(0);
  });

  it('creates a pack reward only with a shop pack, and a reward of some kind', async () => {
    const bad = (over: Partial<Parameters<typeof createChallenge>[1]>) => refusal(challenge(over));
    expect(await bad({ rewardPackId: 99 })).toMatchObject({
      code: 'invalid',
      message: CHALLENGE_REWARD_MESSAGES.unknownPack,
    });
    expect(await bad({ rewardPackId: -1 })).toMatchObject({ code: 'invalid' });
    expect(await bad({ rewardCoins: 0 })).toMatchObject({
      code: 'invalid',
      message: CHALLENGE_REWARD_MESSAGES.noReward,
    });
    const once = { idempotencyKey: 'create-pack-once', title: 'Pack once', rewardPackId: 1 };
    const first = await challenge(once);
    expect((await challenge(once)).id).toBe(first.id);
    // The same key with another pack is another challenge: refused, not answered as the first.
    expect((await refusal(challenge({ ...once, rewardPackId: 2 }))).code).toBe('conflict');
    // Without a pack the reward reads as before.
    expect(await challenge({ title: 'Coins only' })).toMatchObject({ rewardPackId: 0, rewardPackName: '' });
  });
});

describe('squad challenge races', () => {
  it('one outcome when the same challenge is submitted twice in parallel', async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    const player = user();
    const a = await giveCard(player);
    const b = await giveCard(player);
    const outcomes = await Promise.allSettled([
      submit(player, Number(c.id), [a.cardId]),
      submit(player, Number(c.id), [b.cardId]),
      submit(player, Number(c.id), [a.cardId]),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(DomainError);
    const owners = [(await cardRow(a.cardId)).owner_id, (await cardRow(b.cardId)).owner_id].sort();
    expect(owners).toEqual([BURNED_OWNER_ID, player]);
    expect(await coins(player)).toBe(1_200);
  });

  it('mints the reward pack once when the same challenge is submitted twice in parallel', async () => {
    const c = await challenge({ cardCount: 1, position: '', rewardPackId: RARE_PACK.id });
    for (let round = 0; round < 3; round++) {
      const player = user();
      const a = await giveCard(player);
      const b = await giveCard(player);
      const same = key('same');
      const outcomes = await Promise.allSettled([
        submit(player, Number(c.id), [a.cardId]),
        submit(player, Number(c.id), [b.cardId]),
        submit(player, Number(c.id), [a.cardId], same),
        submit(player, Number(c.id), [a.cardId], same),
      ]);
      const answered = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value.submission!);
      expect(new Set(answered.map((x) => x.id)).size).toBe(1);
      expect(await rewardCards(player)).toEqual(
        answered[0]!.packCardIds!.map((id) => ({ id: Number(id), purchase_price: 0 })),
      );
      expect(await rewardCards(player)).toHaveLength(RARE_PACK.size);
      expect(await cards.database.db('challenge_submissions').where({ user_id: player })).toHaveLength(1);
    }
  });

  it('one outcome when a card is burned while a trade accept holds it', async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    for (let round = 0; round < 4; round++) {
      const player = user();
      const card = await giveCard(player);
      const [burn, hold] = await Promise.allSettled([
        submit(player, Number(c.id), [card.cardId]),
        holdCards(deps(), {
          holdKey: key('accept'),
          ownerUserId: player,
          toUserId: 1,
          cardIds: [card.cardId],
          reason: 'trade',
          reference: 't',
        }),
      ]);
      expect([burn.status, hold.status].sort()).toEqual(['fulfilled', 'rejected']);
      const row = await cardRow(card.cardId);
      if (burn.status === 'fulfilled') expect(row.owner_id).toBe(BURNED_OWNER_ID);
      else expect(row).toMatchObject({ owner_id: player, burned_by: null });
    }
  });

  it('one outcome when a card is burned while it is being listed', async () => {
    const c = await challenge({ cardCount: 1, position: '' });
    for (let round = 0; round < 4; round++) {
      const player = user();
      const card = await giveCard(player);
      const [burn, list] = await Promise.allSettled([
        submit(player, Number(c.id), [card.cardId]),
        sellCard(deps(), {
          userId: player,
          cardId: card.cardId,
          price: card.currentPrice,
          idempotencyKey: key('sell'),
        }),
      ]);
      expect([burn.status, list.status].sort()).toEqual(['fulfilled', 'rejected']);
      const listings = await cards.database.db('listings').where({ card_id: card.cardId, status: 'active' });
      expect(listings).toHaveLength(burn.status === 'fulfilled' ? 0 : 1);
    }
  });

  it('pays the reward once across retries, concurrent drivers and a wallet outage', async () => {
    const c = await challenge({ cardCount: 1, position: '', rewardCoins: 777 });
    const player = user();
    const card = await giveCard(player);
    const down = {
      ...walletClient,
      Grant: () => Promise.reject(new DomainError('unavailable', 'wallet down')),
    } as unknown as WalletClient;
    const { submission } = await submitChallenge(deps({ wallet: down }), {
      userId: player,
      challengeId: Number(c.id),
      cardIds: [card.cardId],
      idempotencyKey: key('submit'),
    });
    // The cards burned; the coins wait for the wallet.
    expect(submission).toMatchObject({ rewardStatus: 'pending' });
    expect(await coins(player)).toBe(0);
    const row = await submissionRow(Number(submission!.id));
    await Promise.all([
      payChallengeReward(deps(), row),
      payChallengeReward(deps(), row),
      payChallengeReward(deps(), row),
    ]);
    const later = fixedClock(new Date(clock.now().getTime() + 60_000));
    await sweepChallengeRewards(deps({ clock: later }));
    await sweepChallengeRewards(deps({ clock: later }));
    expect(await coins(player)).toBe(777);
    expect((await submissionRow(Number(submission!.id))).reward).toBe('paid');
    expect(await walletClient.VerifyLedger({})).toMatchObject({ ok: true, total: 0 });
  });
});
