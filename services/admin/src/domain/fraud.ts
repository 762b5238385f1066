import { COINS_PER_DOLLAR } from '@touchline/rules';

/**
 * Anti-fraud flags (docs/design.md#7-decisions-on-the-specs-open-points). Coins only leave the game through cash-outs, and a
 * cash-out needs real purchases, so fraud means pooling coins: throwaway accounts, each with its
 * welcome coins, feeding one account through trades that are gifts in disguise. These rules read
 * the exchanges between players (trades and market sales, from events) with the accounts' ages.
 */

/** Coins are compared with cards at their player's price when the exchange happened. */
export interface Exchange {
  id: string;
  at: Date;
  a: number;
  b: number;
  /** Coins each side paid (before the fee, which is what left the payer). */
  aCoins: number;
  bCoins: number;
  /** What each side's cards were worth then, and how many there were. */
  aCardValue: number;
  bCardValue: number;
  aCards: number;
  bCards: number;
}

export type Severity = 'info' | 'warning' | 'high';

export interface FraudFlag {
  code: 'new_account' | 'one_way_flow' | 'off_market_trade' | 'new_account_ring' | 'received_from_players';
  severity: Severity;
  message: string;
}

export interface FraudReport {
  userId: number;
  accountAgeDays: number;
  /** Real money only: test payments are counted apart and never as money bought. */
  purchaseCount: number;
  purchaseTotalCents: number;
  testPurchaseCount: number;
  testPurchaseTotalCents: number;
  coinsReceivedFromPlayers: number;
  coinsSentToPlayers: number;
  cardsReceivedFromPlayers: number;
  cardValueReceivedFromPlayers: number;
  cardsSentToPlayers: number;
  cardValueSentToPlayers: number;
  exchanges: number;
  flagged: boolean;
  flags: FraudFlag[];
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An account this young is "new". */
export const NEW_ACCOUNT_DAYS = 7;
/** Differences below this many coins are noise (card prices move, fees). */
export const MATERIAL_COINS = 1_000;
/** One side worth at least this many times the other is far from market value. */
export const OFF_MARKET_RATIO = 2;
/** This many one-way exchanges between the same two accounts is a pattern, not a gift. */
export const REPEATED_FLOWS = 2;
/** This many new accounts each feeding one account is a ring. */
export const RING_SIZE = 3;
/** Net coins from players above this (and above what was bought) are worth a look. */
export const RECEIVED_THRESHOLD = 10_000;

/** One exchange as seen by `userId`: what it gave and what it got, in coins. */
export interface Side {
  exchange: Exchange;
  other: number;
  given: number;
  received: number;
  coinsGiven: number;
  coinsReceived: number;
  cardsGiven: number;
  cardsReceived: number;
  cardValueGiven: number;
  cardValueReceived: number;
}

export function sideOf(userId: number, e: Exchange): Side {
  const mine = e.a === userId;
  const [coinsGiven, coinsReceived] = mine ? [e.aCoins, e.bCoins] : [e.bCoins, e.aCoins];
  const [cardValueGiven, cardValueReceived] = mine
    ? [e.aCardValue, e.bCardValue]
    : [e.bCardValue, e.aCardValue];
  const [cardsGiven, cardsReceived] = mine ? [e.aCards, e.bCards] : [e.bCards, e.aCards];
  return {
    exchange: e,
    other: mine ? e.b : e.a,
    given: coinsGiven + cardValueGiven,
    received: coinsReceived + cardValueReceived,
    coinsGiven,
    coinsReceived,
    cardsGiven,
    cardsReceived,
    cardValueGiven,
    cardValueReceived,
  };
}

/** One side worth OFF_MARKET_RATIO times the other, by at least MATERIAL_COINS. */
export function isOffMarket(side: Pick<Side, 'given' | 'received'>): boolean {
  const high = Math.max(side.given, side.received);
  const low = Math.min(side.given, side.received);
  return high - low >= MATERIAL_COINS && high >= OFF_MARKET_RATIO * low;
}

const coins = (n: number) => `${Math.round(n).toLocaleString('en-US')} coins`;

export interface UserFacts {
  userId: number;
  createdAt: Date;
  purchaseCount: number;
  purchaseTotalCents: number;
  testPurchaseCount: number;
  testPurchaseTotalCents: number;
}

/**
 * The report of one user from their exchanges with other players. `createdAtOf` gives each
 * counterpart's sign-up time (for the ring rule: the counterpart's age at the exchange).
 */
export function fraudReport(
  facts: UserFacts,
  exchanges: readonly Exchange[],
  createdAtOf: (userId: number) => Date | undefined,
  now: Date,
): FraudReport {
  const sides = exchanges
    .filter((e) => e.a === facts.userId || e.b === facts.userId)
    .filter((e) => e.a !== e.b)
    .map((e) => sideOf(facts.userId, e));
  const sum = (pick: (s: Side) => number) => sides.reduce((total, s) => total + pick(s), 0);
  const ageDays = Math.max(0, Math.floor((now.getTime() - facts.createdAt.getTime()) / DAY_MS));
  const flags: FraudFlag[] = [];

  if (ageDays < NEW_ACCOUNT_DAYS)
    flags.push({ code: 'new_account', severity: 'info', message: `Account is ${ageDays} day(s) old` });

  // Repeated one-way flows between the same two accounts, either way.
  const byOther = new Map<number, Side[]>();
  for (const side of sides) byOther.set(side.other, [...(byOther.get(side.other) ?? []), side]);
  for (const [other, withOther] of byOther) {
    const net = withOther.reduce((t, s) => t + s.received - s.given, 0);
    const oneWay = withOther.filter(
      (s) => isOffMarket(s) && Math.sign(s.received - s.given) === Math.sign(net),
    );
    if (oneWay.length >= REPEATED_FLOWS && Math.abs(net) >= MATERIAL_COINS)
      flags.push({
        code: 'one_way_flow',
        severity: 'warning',
        message:
          net > 0
            ? `Received ${coins(net)} net from user #${other} in ${oneWay.length} one-way trades`
            : `Sent ${coins(-net)} net to user #${other} in ${oneWay.length} one-way trades`,
      });
  }

  const offMarket = sides.filter(isOffMarket);
  if (offMarket.length > 0) {
    const worst = offMarket.reduce((a, b) =>
      Math.abs(b.received - b.given) > Math.abs(a.received - a.given) ? b : a,
    );
    flags.push({
      code: 'off_market_trade',
      severity: 'warning',
      message: `${offMarket.length} trade(s) far from market value; the largest ${
        worst.received > worst.given ? 'received' : 'gave'
      } ${coins(Math.max(worst.received, worst.given))} for ${coins(Math.min(worst.received, worst.given))}`,
    });
  }

  // New accounts each feeding this one: the throwaway-account ring.
  const feeders = new Map<number, number>();
  for (const side of sides) {
    const created = createdAtOf(side.other);
    const young =
      created !== undefined && side.exchange.at.getTime() - created.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
    if (young && side.received - side.given >= MATERIAL_COINS)
      feeders.set(side.other, (feeders.get(side.other) ?? 0) + side.received - side.given);
  }
  if (feeders.size >= RING_SIZE) {
    const fed = [...feeders.values()].reduce((a, b) => a + b, 0);
    flags.push({
      code: 'new_account_ring',
      severity: 'high',
      message: `${feeders.size} accounts younger than ${NEW_ACCOUNT_DAYS} days sent ${coins(fed)} net (users ${[
        ...feeders.keys(),
      ]
        .map((id) => `#${id}`)
        .join(', ')})`,
    });
  }

  const netReceived = sum((s) => s.received - s.given);
  const boughtCoins = (facts.purchaseTotalCents * COINS_PER_DOLLAR) / 100;
  if (netReceived >= RECEIVED_THRESHOLD && netReceived > boughtCoins)
    flags.push({
      code: 'received_from_players',
      severity: 'warning',
      message: `Received ${coins(netReceived)} net from other players, more than the ${coins(boughtCoins)} bought`,
    });

  return {
    userId: facts.userId,
    accountAgeDays: ageDays,
    purchaseCount: facts.purchaseCount,
    purchaseTotalCents: facts.purchaseTotalCents,
    testPurchaseCount: facts.testPurchaseCount,
    testPurchaseTotalCents: facts.testPurchaseTotalCents,
    coinsReceivedFromPlayers: sum((s) => s.coinsReceived),
    coinsSentToPlayers: sum((s) => s.coinsGiven),
    cardsReceivedFromPlayers: sum((s) => s.cardsReceived),
    cardValueReceivedFromPlayers: sum((s) => s.cardValueReceived),
    cardsSentToPlayers: sum((s) => s.cardsGiven),
    cardValueSentToPlayers: sum((s) => s.cardValueGiven),
    exchanges: sides.length,
    flagged: flags.some((f) => f.severity !== 'info'),
    flags,
  };
}

/** What the 'Flags' column shows: the flags that need a look, not the context. */
export function columnFlags(report: FraudReport): FraudFlag[] {
  return report.flags.filter((f) => f.severity !== 'info');
}
