import { describe, expect, it } from 'vitest';
import { DAY_MS, fraudReport, isOffMarket, type Exchange } from '../src/domain/fraud';

const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY_MS);

let n = 0;
/** `from` pays `coins` and gives cards worth `cardValue` to `to`, who gives `back` coins in return. */
function gift(
  from: number,
  to: number,
  coins: number,
  opts: { cardValue?: number; back?: number; at?: Date } = {},
): Exchange {
  return {
    id: `trade:${++n}`,
    at: opts.at ?? daysAgo(1),
    a: from,
    b: to,
    aCoins: coins,
    bCoins: opts.back ?? 0,
    aCardValue: opts.cardValue ?? 0,
    bCardValue: 0,
    aCards: opts.cardValue ? 1 : 0,
    bCards: 0,
  };
}

const facts = (userId: number, createdAt = daysAgo(30), purchaseTotalCents = 0) => ({
  userId,
  createdAt,
  purchaseCount: purchaseTotalCents > 0 ? 3 : 0,
  purchaseTotalCents,
  testPurchaseCount: 0,
  testPurchaseTotalCents: 0,
});

describe('fraud flags', () => {
  it('a ring of new accounts feeding one account is high risk, naming them', () => {
    const created = new Map([1, 2, 3, 4].map((id) => [id, daysAgo(2)]));
    const exchanges = [1, 2, 3, 4].map((id) => gift(id, 9, 9_500, { cardValue: 200 }));
    const report = fraudReport(facts(9), exchanges, (id) => created.get(id), NOW);
    expect(report.flagged).toBe(true);
    const ring = report.flags.find((f) => f.code === 'new_account_ring');
    expect(ring).toMatchObject({ severity: 'high' });
    expect(ring!.message).toBe('4 accounts younger than 7 days sent 38,800 coins net (users #1, #2, #3, #4)');
    expect(report).toMatchObject({
      coinsReceivedFromPlayers: 38_000,
      cardsReceivedFromPlayers: 4,
      exchanges: 4,
    });
  });

  it('two feeders are not a ring; old accounts feeding are not a ring', () => {
    const young = new Map([1, 2].map((id) => [id, daysAgo(2)]));
    const two = fraudReport(facts(9), [gift(1, 9, 9_000), gift(2, 9, 9_000)], (id) => young.get(id), NOW);
    expect(two.flags.map((f) => f.code)).not.toContain('new_account_ring');
    const old = fraudReport(
      facts(9),
      [1, 2, 3].map((id) => gift(id, 9, 9_000)),
      () => daysAgo(60),
      NOW,
    );
    expect(old.flags.map((f) => f.code)).not.toContain('new_account_ring');
  });

  it('repeated one-way flows between the same two accounts are flagged on both sides', () => {
    const exchanges = [gift(5, 6, 3_000), gift(5, 6, 4_000), gift(5, 6, 2_500)];
    const receiver = fraudReport(facts(6), exchanges, () => daysAgo(60), NOW);
    expect(receiver.flags.find((f) => f.code === 'one_way_flow')!.message).toBe(
      'Received 9,500 coins net from user #5 in 3 one-way trades',
    );
    const sender = fraudReport(facts(5), exchanges, () => daysAgo(60), NOW);
    expect(sender.flags.find((f) => f.code === 'one_way_flow')!.message).toBe(
      'Sent 9,500 coins net to user #6 in 3 one-way trades',
    );
  });

  it('fair trades are not flagged, even many between the same accounts', () => {
    const fair = [1, 2, 3].map(() => gift(5, 6, 0, { cardValue: 5_000, back: 4_800 }));
    for (const id of [5, 6]) {
      const report = fraudReport(facts(id, daysAgo(2)), fair, () => daysAgo(2), NOW);
      expect(report.flagged).toBe(false);
      expect(report.flags.map((f) => f.code)).toEqual(['new_account']);
    }
  });

  it('far from market value: one side worth twice the other, by at least 1,000 coins', () => {
    expect(isOffMarket({ given: 200, received: 9_700 })).toBe(true);
    expect(isOffMarket({ given: 400, received: 900 })).toBe(false); // too small to matter
    expect(isOffMarket({ given: 5_000, received: 9_000 })).toBe(false); // under 2×
    expect(isOffMarket({ given: 5_000, received: 10_000 })).toBe(true);
  });

  it('coins received beyond what was bought are flagged only above 10,000 net', () => {
    const old = () => daysAgo(60);
    const small = fraudReport(facts(9), [gift(1, 9, 9_000)], old, NOW);
    expect(small.flags.map((f) => f.code)).not.toContain('received_from_players');
    const large = fraudReport(facts(9), [gift(1, 9, 12_000)], old, NOW);
    expect(large.flags.map((f) => f.code)).toContain('received_from_players');
    // A player who bought more than they received is not.
    const buyer = fraudReport(facts(9, daysAgo(60), 10_000), [gift(1, 9, 12_000)], old, NOW);
    expect(buyer.flags.map((f) => f.code)).not.toContain('received_from_players');
  });
});
