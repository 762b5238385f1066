import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@touchline/kit';
import { afterTradeFee, tradeFee } from '@touchline/rules';
import { tradeHistoryEntries, type TradedCardSnapshot } from '../src/domain/history';
import { checkOfferTerms, visibleStatus, type OfferTerms } from '../src/domain/offer';
import { holdPlan, isTradeReference, sagaIdOf } from '../src/domain/saga';
import { gate } from '../src/domain/transitions';
import { checkCoinOffer, checkPreferences, sortWishes } from '../src/domain/wish';

const terms = (over: Partial<OfferTerms> = {}): OfferTerms => ({
  fromUserId: 1,
  toUserId: 2,
  offeredCardIds: [10],
  offeredCoins: 0,
  requestedCardIds: [],
  requestedCoins: 0,
  ...over,
});

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? `${error.code}: ${error.message}` : String(error);
  }
  return 'ok';
};

describe('the 2.5% trade fee', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [40, 39, 1],
    [41, 39, 2],
    [100, 97, 3],
    [1000, 975, 25],
    [1001, 975, 26],
    [25_000, 24_375, 625],
  ])('%i coins: the receiver gets %i, the fee is %i', (amount, receiver, fee) => {
    expect(afterTradeFee(amount)).toBe(receiver);
    expect(tradeFee(amount)).toBe(fee);
  });

  it('is floor(amount * 0.975) exactly, and receiver + fee is the amount, up to the largest posting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (amount) => {
        expect(afterTradeFee(amount)).toBe(Number((BigInt(amount) * 975n) / 1000n));
        expect(afterTradeFee(amount) + tradeFee(amount)).toBe(amount);
        expect(tradeFee(amount)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('offer terms', () => {
  it('accepts cards, cards with coins, cards for cards, and coins for a card', () => {
    expect(codeOf(() => checkOfferTerms(terms()))).toBe('ok');
    expect(codeOf(() => checkOfferTerms(terms({ offeredCoins: 500 })))).toBe('ok');
    expect(codeOf(() => checkOfferTerms(terms({ requestedCardIds: [11], requestedCoins: 5 })))).toBe('ok');
    expect(
      codeOf(() => checkOfferTerms(terms({ offeredCardIds: [], offeredCoins: 5, requestedCardIds: [11] }))),
    ).toBe('ok');
  });

  it('refuses trading with yourself, empty offers, coins for nothing, coins both ways and bad ids', () => {
    expect(codeOf(() => checkOfferTerms(terms({ toUserId: 1 })))).toBe(
      'business_rule: You cannot trade with yourself',
    );
    expect(codeOf(() => checkOfferTerms(terms({ offeredCardIds: [] })))).toMatch(/^invalid: Offer at least/);
    expect(codeOf(() => checkOfferTerms(terms({ offeredCardIds: [], offeredCoins: 10 })))).toMatch(
      /must ask for at least one card/,
    );
    expect(codeOf(() => checkOfferTerms(terms({ offeredCoins: 1, requestedCoins: 1 })))).toMatch(/not both/);
    expect(codeOf(() => checkOfferTerms(terms({ offeredCardIds: [0] })))).toMatch(/^invalid/);
    expect(codeOf(() => checkOfferTerms(terms({ offeredCoins: -1 })))).toMatch(/^invalid/);
    expect(codeOf(() => checkOfferTerms(terms({ offeredCoins: 1.5 })))).toMatch(/^invalid/);
    expect(codeOf(() => checkOfferTerms(terms({ requestedCardIds: [10] })))).toMatch(
      /both offered and requested/,
    );
    expect(
      codeOf(() => checkOfferTerms(terms({ offeredCardIds: Array.from({ length: 11 }, (_, i) => i + 1) }))),
    ).toMatch(/At most 10/);
  });

  it('drops duplicate card ids', () => {
    expect(checkOfferTerms(terms({ offeredCardIds: [10, 10, 12] })).offeredCardIds).toEqual([10, 12]);
  });
});

describe('who may do what to an offer', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const open = {
    fromUserId: 1,
    toUserId: 2,
    status: 'pending' as const,
    expiresAt: new Date('2026-01-11T00:00:00Z'),
  };

  it('the recipient accepts and declines, the sender cancels', () => {
    expect(gate(open, 2, 'accept', now).kind).toBe('go');
    expect(gate(open, 2, 'decline', now).kind).toBe('go');
    expect(gate(open, 1, 'cancel', now).kind).toBe('go');
  });

  it('a party in the wrong role gets 403, anyone else (or an unknown offer) 404', () => {
    const refusal = (g: ReturnType<typeof gate>) => (g.kind === 'refuse' ? g.error.code : g.kind);
    expect(refusal(gate(open, 1, 'accept', now))).toBe('forbidden');
    expect(refusal(gate(open, 1, 'decline', now))).toBe('forbidden');
    expect(refusal(gate(open, 2, 'cancel', now))).toBe('forbidden');
    expect(refusal(gate(open, 3, 'accept', now))).toBe('not_found');
    expect(refusal(gate(open, 3, 'cancel', now))).toBe('not_found');
    expect(refusal(gate(undefined, 2, 'accept', now))).toBe('not_found');
  });

  it('only pending offers move; a repeated decline or cancel is answered as it is', () => {
    const refusal = (g: ReturnType<typeof gate>) => (g.kind === 'refuse' ? g.error.message : g.kind);
    expect(refusal(gate({ ...open, status: 'accepting' }, 1, 'cancel', now))).toBe(
      'This offer is being accepted right now',
    );
    expect(refusal(gate({ ...open, status: 'declined' }, 2, 'decline', now))).toBe('repeat');
    expect(refusal(gate({ ...open, status: 'cancelled' }, 1, 'cancel', now))).toBe('repeat');
    expect(refusal(gate({ ...open, status: 'declined' }, 1, 'cancel', now))).toBe(
      'This offer is no longer pending',
    );
    expect(refusal(gate({ ...open, status: 'accepted' }, 2, 'accept', now))).toBe(
      'This offer is no longer pending',
    );
    expect(refusal(gate({ ...open, expiresAt: now }, 2, 'accept', now))).toBe('expire');
  });

  it('shows an accepting offer as pending and a lapsed one as expired', () => {
    expect(visibleStatus('accepting', open.expiresAt, now)).toBe('pending');
    expect(visibleStatus('pending', now, now)).toBe('expired');
    expect(visibleStatus('declined', now, now)).toBe('declined');
  });
});

describe('the accept saga plan', () => {
  it('one hold per side and asset, keyed by the saga, with the fee on coins', () => {
    const id = sagaIdOf(7, 2);
    expect(id).toBe('trade:7:2');
    expect(isTradeReference(id)).toBe(true);
    expect(isTradeReference('sale-uuid')).toBe(false);
    const plan = holdPlan(id, terms({ offeredCardIds: [10, 11], offeredCoins: 41, requestedCardIds: [20] }));
    expect(plan).toEqual([
      {
        kind: 'cards',
        key: 'trade:7:2:cards:sender',
        party: 'sender',
        ownerUserId: 1,
        toUserId: 2,
        cardIds: [10, 11],
      },
      {
        kind: 'cards',
        key: 'trade:7:2:cards:recipient',
        party: 'recipient',
        ownerUserId: 2,
        toUserId: 1,
        cardIds: [20],
      },
      {
        kind: 'coins',
        key: 'trade:7:2:coins:sender',
        party: 'sender',
        from: 'user:1',
        to: 'user:2',
        amount: 41,
        fee: 2,
      },
    ]);
    expect(
      holdPlan(id, terms({ offeredCardIds: [], requestedCardIds: [3], requestedCoins: 0, offeredCoins: 5 })),
    ).toHaveLength(2);
  });
});

describe('trade history rows', () => {
  const card = (
    cardId: number,
    fromUserId: number,
    toUserId: number,
    purchasePrice = 100,
  ): TradedCardSnapshot => ({
    cardId,
    playerId: cardId * 10,
    playerName: `P${cardId}`,
    rarity: 'Common',
    fromUserId,
    toUserId,
    purchasePrice,
  });

  it('coins pay for the cards going the other way, split evenly; a pure swap has no price', () => {
    const rows = tradeHistoryEntries(
      5,
      terms({ offeredCardIds: [10], requestedCardIds: [20, 21], offeredCoins: 1001 }),
      [card(10, 1, 2), card(20, 2, 1, 300), card(21, 2, 1, 600)],
    );
    expect(rows.map((r) => [r.reference, r.sellerUserId, r.buyerUserId, r.salePrice, r.profitLoss])).toEqual([
      ['trade:5:card:10', 1, 2, 0, 0],
      // 1001 coins → 975 received after the fee: 501/500 paid, 488/487 received.
      ['trade:5:card:20', 2, 1, 501, 488 - 300],
      ['trade:5:card:21', 2, 1, 500, 487 - 600],
    ]);
  });

  it('requested coins pay for the offered cards', () => {
    const [row] = tradeHistoryEntries(6, terms({ requestedCoins: 1000 }), [card(10, 1, 2, 200)]);
    expect(row).toMatchObject({ salePrice: 1000, profitLoss: 975 - 200, sellerUserId: 1, buyerUserId: 2 });
  });
});

describe('wishes', () => {
  it('checks preferences and coin offers', () => {
    const prefs = {
      desiredRarity: '',
      desiredPosition: '',
      desiredTeamId: 0,
      minimumCoins: 0,
      notes: '  hi ',
    };
    expect(checkPreferences(prefs).notes).toBe('hi');
    expect(codeOf(() => checkPreferences({ ...prefs, desiredRarity: 'Mythic' }))).toBe(
      'invalid: Unknown rarity',
    );
    expect(codeOf(() => checkPreferences({ ...prefs, desiredPosition: 'Striker' }))).toBe(
      'invalid: Unknown position',
    );
    expect(codeOf(() => checkPreferences({ ...prefs, minimumCoins: -5 }))).toMatch(/^invalid/);
    expect(codeOf(() => checkCoinOffer(0, 0))).toBe('invalid: Invalid coin amount');
    expect(codeOf(() => checkCoinOffer(499, 500))).toBe(
      'business_rule: The minimum offer for this card is 500 coins',
    );
    expect(checkCoinOffer(500, 500)).toBe(500);
  });

  it('sorts newest, by rarity (UL first) and by value', () => {
    const w = (id: number, rarity: string, value: number, day: number) => ({
      id,
      rarity,
      value,
      createdAt: new Date(Date.UTC(2026, 0, day)),
    });
    const list = [
      w(1, 'Common', 50, 1),
      w(2, 'Ultra Legendary', 900, 2),
      w(3, 'Epic', 300, 3),
      w(4, 'Legendary', 300, 4),
    ];
    expect(sortWishes(list, 'newest').map((x) => x.id)).toEqual([4, 3, 2, 1]);
    expect(sortWishes(list, 'rarity').map((x) => x.id)).toEqual([2, 4, 3, 1]);
    expect(sortWishes(list, 'value_desc').map((x) => x.id)).toEqual([2, 4, 3, 1]);
    expect(sortWishes(list, 'value_asc').map((x) => x.id)).toEqual([1, 4, 3, 2]);
  });
});
