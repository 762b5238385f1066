import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINEUP_CARD_MESSAGES } from '@touchline/rules';
import { CARD_BUSY, NOT_OPEN, NOT_YOURS } from '../src/domain/lineup';
import { lockDue, sweep, voidReleasedHolds } from '../src/use-cases/sweeper';
import { AFTER_KICKOFF, BEFORE_KICKOFF, failure, startMatchday, type MatchdayHarness } from './support';

let h: MatchdayHarness;

beforeAll(async () => {
  h = await startMatchday();
});

afterAll(async () => {
  await h?.stop();
});

describe('fielding a lineup', () => {
  it('holds the five cards in cards-market, so they cannot be sold until the lock', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user, 'Rare');
    const key = randomUUID();
    const { lineup, matchday } = await h.field(user, ids, ids[3], key);
    expect(matchday).toMatchObject({ state: 'open', locksAt: '2026-11-29T20:00:00.000Z', entries: 1 });
    expect(lineup).toMatchObject({ userId: user, captainCardId: ids[3], points: 0, rank: 0 });
    expect(lineup!.cards.map((c) => c.cardId)).toEqual([...ids].sort((a, b) => a - b));
    expect(lineup!.cards.find((c) => c.captain)!.cardId).toBe(ids[3]);
    for (const id of ids) expect(await h.heldKey(id)).toMatch(/^matchday:/);
    // Refused with why: the lineup, until kickoff (not "a pending trade offer").
    const sell = await failure(h.sell(user, ids[0]!));
    expect(sell).toMatchObject({ code: status.ALREADY_EXISTS, details: LINEUP_CARD_MESSAGES.cardInLineup });
    const auction = await failure(
      h.cardsClient.StartAuction({
        userId: user,
        cardId: ids[1]!,
        startPrice: 100,
        buyNowPrice: 0,
        duration: '1h',
        idempotencyKey: randomUUID(),
      }),
    );
    expect(auction).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: LINEUP_CARD_MESSAGES.cardInLineup,
    });
    const [card] = (await h.cardsClient.GetCardsByIds({ cardIds: [ids[2]!] })).cards;
    expect(card).toMatchObject({ held: true, inLineup: true, auctionId: 0 });

    // The same call again (a retry) answers the same lineup and holds nothing more.
    const again = await h.field(user, ids, ids[3], key);
    expect(again.lineup).toEqual(lineup);
    const holds = await h.matchday.database.db('card_holds').where({ user_id: user });
    expect(holds.map((r: { state: string }) => r.state)).toEqual(Array(5).fill('held'));
  });

  it('refuses a lineup of the wrong shape, of cards of someone else, or without the captain in it', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const keepers = await h.giveCards(user, [
      'Goalkeeper',
      'Goalkeeper',
      'Defender',
      'Midfielder',
      'Forward',
    ]);
    const shape = await failure(h.field(user, keepers));
    expect(shape).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'A lineup has exactly one goalkeeper',
    });

    const other = h.user();
    const theirs = await h.lineupCards(other);
    const notMine = await failure(h.field(user, theirs));
    expect(notMine).toMatchObject({ code: status.PERMISSION_DENIED, details: NOT_YOURS });

    const captain = await failure(h.field(other, theirs, 999_999_999));
    expect(captain.code).toBe(status.INVALID_ARGUMENT);
    const four = await failure(h.field(other, theirs.slice(0, 4)));
    expect(four).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'A lineup has 5 cards' });
    // Nothing was held by the refusals.
    for (const id of [...keepers, ...theirs]) expect(await h.heldKey(id)).toBeNull();
  });

  it('refuses a listed card, and frees a card left out of a changed lineup at once', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user);
    const [spare] = await h.giveCards(user, ['Forward']);
    await h.sell(user, spare!);
    const listed = await failure(h.field(user, [...ids.slice(0, 4), spare!]));
    expect(listed).toMatchObject({ code: status.ALREADY_EXISTS, details: CARD_BUSY });
    for (const id of ids) expect(await h.heldKey(id)).toBeNull();

    await h.field(user, ids);
    const [other] = await h.giveCards(user, ['Forward']);
    const changed = await h.field(user, [...ids.slice(0, 4), other!], ids[1]);
    expect(changed.lineup!.cards.map((c) => c.cardId)).toContain(other);
    expect(changed.lineup!.captainCardId).toBe(ids[1]);
    expect(await h.heldKey(ids[4]!)).toBeNull();
    expect(await h.heldKey(other!)).toMatch(/^matchday:/);
    await expect(h.sell(user, ids[4]!)).resolves.toBeDefined();
    // One "fielded" event for the user's matchday (missions count it): the change published none.
    const fielded = (await h.events('matchday.lineup.fielded')).filter((e) => Number(e.userId) === user);
    expect(fielded).toEqual([expect.objectContaining({ matchdayId: changed.matchday!.id })]);
  });
});

describe('races', () => {
  it('a double tap: two calls of one key at once get one answer; a refused key stays refused', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      h.field(user, ids, ids[2], key),
      h.field(user, ids, ids[2], key),
    ]);
    expect(second).toEqual(first);
    const keys = await h.matchday.database.db('lineup_keys').where({ user_id: user });
    expect(keys).toEqual([expect.objectContaining({ state: 'saved', idempotency_key: key })]);
    const holds = await h.matchday.database.db('card_holds').where({ user_id: user });
    expect(holds.map((r: { state: string }) => r.state)).toEqual(Array(5).fill('held'));

    // Refused once (a listed card), the same key answers the same refusal once the card is free.
    const [spare] = await h.giveCards(user, ['Forward']);
    await h.sell(user, spare!);
    const refusedKey = randomUUID();
    const lineup = [...ids.slice(0, 4), spare!];
    const refused = await Promise.allSettled([
      h.field(user, lineup, ids[0], refusedKey),
      h.field(user, lineup, ids[0], refusedKey),
    ]);
    for (const r of refused) expect(r).toMatchObject({ status: 'rejected', reason: { details: CARD_BUSY } });
    await h.cardsClient.WithdrawListing({ userId: user, cardId: spare!, idempotencyKey: randomUUID() });
    const again = await failure(h.field(user, lineup, ids[0], refusedKey));
    expect(again).toMatchObject({ code: status.ALREADY_EXISTS, details: CARD_BUSY });
    expect(await h.heldKey(spare!)).toBeNull();
    // A new key is a new try.
    const changed = await h.field(user, lineup, ids[0]);
    expect(changed.lineup!.cards.map((c) => c.cardId)).toContain(spare);
  });

  it('fielding a card while selling it: one of them wins, and the card is never both', async () => {
    for (let round = 0; round < 4; round++) {
      h.clock.set(BEFORE_KICKOFF);
      const user = h.user();
      const ids = await h.lineupCards(user);
      const [fielded, sold] = await Promise.allSettled([h.field(user, ids), h.sell(user, ids[2]!)]);
      const listing = await h.cards.database
        .db('listings')
        .where({ card_id: ids[2], status: 'active' })
        .first();
      const lineup = await h.matchday.database.db('lineup_cards').where({ card_id: ids[2] }).first();
      expect([fielded.status, sold.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      if (fielded.status === 'fulfilled') {
        expect(listing).toBeUndefined();
        expect(lineup).toBeDefined();
        expect(await h.heldKey(ids[2]!)).toMatch(/^matchday:/);
      } else {
        expect(listing).toBeDefined();
        expect(lineup).toBeUndefined();
        // The lineup's other cards were given back.
        for (const id of ids) expect(await h.heldKey(id)).toBeNull();
      }
    }
  });

  it('two lineups with one card: the card ends up in one lineup, held once', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user);
    const [extra] = await h.giveCards(user, ['Forward']);
    const first = [...ids];
    const second = [...ids.slice(0, 4), extra!];
    const results = await Promise.allSettled([h.field(user, first), h.field(user, second)]);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const rows = (await h.matchday.database.db('lineup_cards').where({ user_id: user })) as {
      card_id: string;
    }[];
    expect(rows).toHaveLength(5);
    const inLineup = new Set(rows.map((r) => Number(r.card_id)));
    for (const id of [...ids, extra!]) {
      const key = await h.heldKey(id);
      expect(Boolean(key)).toBe(inLineup.has(id));
      if (key) expect(rows.filter((r) => Number(r.card_id) === id)).toHaveLength(1);
    }
    await voidReleasedHolds(h.deps());
  });
});

describe('the lock at kickoff', () => {
  it('locks once, refuses changes and frees the cards', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user);
    const { matchday } = await h.field(user, ids);
    h.clock.set(AFTER_KICKOFF);
    const locked = await Promise.all([lockDue(h.deps()), lockDue(h.deps())]);
    expect(locked.flat()).toEqual([matchday!.id]);
    expect(
      (await h.events('matchday.matchday.locked')).filter((e) => e.matchdayId === matchday!.id),
    ).toHaveLength(1);
    const late = await failure(
      h.client.SetLineup({
        userId: user,
        matchdayId: matchday!.id,
        cardIds: ids,
        captainCardId: ids[1]!,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(late).toMatchObject({ code: status.FAILED_PRECONDITION, details: NOT_OPEN });
    await sweep(h.deps());
    for (const id of ids) expect(await h.heldKey(id)).toBeNull();
    // The next matchday is open.
    expect((await h.open()).id).not.toBe(matchday!.id);
  });
});
