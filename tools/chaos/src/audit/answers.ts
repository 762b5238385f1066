import type { Knex } from 'knex';
import { isDone, isRefused, isUnknown, type Answer, type AnswerLog } from '../answers';
import { line, type AuditLine } from './line';
import { refusalChangedNothing } from './refusals';
import { body, count, idFromPath, one, type Row } from './sql';

/** What identifies an outcome, so that two answers for one key can be compared. */
function fingerprint(a: Answer): string {
  const b = body(a);
  if (!isDone(a)) return `${a.status}`;
  switch (a.kind) {
    case 'market.buy':
      return `200 card ${(b.card as Row)?.id} paid ${b.pricePaid}`;
    case 'pack.purchase':
      return `200 cards ${((b.cards as Row[]) ?? []).map((c) => c.id).join(',')}`;
    case 'promo.redeem':
      return `200 ${b.success}`;
    case 'payment.success':
      return `200 added ${b.added}`;
    case 'cashout.request':
      return `${a.status} request ${((b.request as Row) ?? {}).id}`;
    case 'trade.create':
    case 'trade.counter':
      return `${a.status} offer ${b.id}`;
    case 'auction.start':
      return `${a.status} auction ${b.id}`;
    case 'auction.bid':
    case 'auction.buyNow':
      return `${a.status} bid ${((b.bid as Row) ?? {}).id}`;
    default:
      return `${a.status}`;
  }
}

/**
 * What each answer promised, checked against the owning service's data: a success happened exactly
 * once, a refusal changed nothing, every 'pending' ended one way, and one key got one outcome.
 */
export async function auditAnswers(db: Knex, log: AnswerLog): Promise<AuditLine[]> {
  const sameKey: string[] = [];
  const unsettled: string[] = [];
  const happened: string[] = [];
  const nothing: string[] = [];
  let groups = 0;
  for (const [id, answers] of log.byKey()) {
    if (answers[0]!.kind.startsWith('read.')) continue;
    groups += 1;
    const known = answers.filter((a) => !isUnknown(a));
    const outcomes = new Set(known.map(fingerprint));
    if (outcomes.size > 1) sameKey.push(`${id}: ${[...outcomes].join(' | ')}`);
    if (known.length === 0) {
      unsettled.push(`${id}: only ${answers.map((a) => a.status).join(', ')}`);
      continue;
    }
    const done = known.find(isDone);
    const a = done ?? known[0]!;
    if (done) {
      const problem = await successHappened(db, done);
      if (problem) happened.push(`${id}: ${problem}`);
    } else if (isRefused(a)) {
      const problem = await refusalChangedNothing(db, a, answers, log);
      if (problem) nothing.push(`${id} (${a.status} ${String(body(a).message ?? '')}): ${problem}`);
    }
  }
  const offers = offerOutcomes(log);
  // A failure is a 4xx with a message or a 503/202 that says to come back; a 500 is an unhandled error.
  const crashes = log.all
    .filter((a) => a.status === 500)
    .map((a) => `${a.kind} ${a.method.toUpperCase()} ${a.path}: ${JSON.stringify(a.response)}`);
  return [
    line('answers: no 500 (every failure is a 4xx, a 503 or a pending)', crashes),
    line('answers: one key, one outcome', sameKey, `${groups} keyed operations`),
    line("answers: every 'pending' settled one way", unsettled),
    line('answers: every success happened exactly once', [...happened, ...offers]),
    line('answers: every refusal changed nothing', nothing),
  ];
}

async function successHappened(db: Knex, a: Answer): Promise<string | undefined> {
  const b = body(a);
  switch (a.kind) {
    case 'market.buy': {
      const sale = await one(db, `select state, buyer_id from cards_market.sales where id = ?`, [a.key]);
      if (!sale || sale.state !== 'completed' || Number(sale.buyer_id) !== a.userId)
        return `sale is ${sale ? `${sale.state} for ${sale.buyer_id}` : 'missing'}`;
      return undefined;
    }
    case 'pack.purchase': {
      const p = await one(db, `select state, card_ids from cards_market.pack_purchases where id = ?`, [
        a.key,
      ]);
      if (!p || p.state !== 'completed') return `pack purchase is ${p?.state ?? 'missing'}`;
      const debits = await count(db, `select count(*) c from wallet.transactions where idempotency_key = ?`, [
        `pack:${a.key}`,
      ]);
      const refunds = await count(
        db,
        `select count(*) c from wallet.transactions where idempotency_key = ?`,
        [`pack-refund:${a.key}`],
      );
      if (debits !== 1 || refunds !== 0) return `${debits} debits and ${refunds} refunds in the ledger`;
      return undefined;
    }
    case 'promo.redeem': {
      const n = await count(
        db,
        `select count(*) c from wallet.promo_redemptions where idempotency_key = ? and user_id = ?`,
        [a.key, a.userId],
      );
      if (b.success === true && n !== 1) return `${n} redemptions recorded for a success`;
      if (b.success === false && n !== 0) return `${n} redemptions recorded for a refusal`;
      return undefined;
    }
    case 'payment.success': {
      const intent = (a.body as { paymentIntentId: string }).paymentIntentId;
      const p = await one(
        db,
        `select count(*) c, coalesce(sum(coins), 0) coins from wallet.purchases where payment_intent_id = ?`,
        [intent],
      );
      if (Number(p!.c) !== 1 || Number(p!.coins) !== Number(b.added))
        return `${p!.c} purchases (${p!.coins} coins) for intent ${intent}, answer said ${b.added} added`;
      return undefined;
    }
    case 'cashout.request': {
      const n = await count(
        db,
        `select count(*) c from wallet.cashout_requests where idempotency_key = ? and user_id = ?`,
        [`${a.userId}:${a.key}`, a.userId],
      );
      return n === 1 ? undefined : `${n} cash-out requests recorded`;
    }
    case 'admin.cashoutStatus': {
      const status = (a.body as { status: string }).status;
      const n = await count(
        db,
        `select count(*) c from wallet.cashout_transitions where request_id = ? and to_status = ?`,
        [idFromPath(a), status],
      );
      return n === 1 ? undefined : `${n} transitions to ${status}`;
    }
    case 'mission.claim': {
      const n = await count(
        db,
        `select count(*) c from missions.mission_claims where user_id = ? and mission_id = ? and state = 'paid'`,
        [a.userId, idFromPath(a)],
      );
      return n >= 1 ? undefined : 'no paid claim';
    }
    case 'trade.create':
    case 'trade.offerForWish': {
      const n = await count(
        db,
        `select count(*) c from trading.trade_offers where id = ? and from_user_id = ?`,
        [b.id, a.userId],
      );
      return n === 1 ? undefined : `offer ${String(b.id)} not recorded`;
    }
    case 'trade.counter': {
      // The counter exists, from this player, pointing at the offer it answered, now countered.
      const n = await count(
        db,
        `select count(*) c from trading.trade_offers c
           join trading.trade_offers o on o.id = c.counter_of
          where c.id = ? and c.from_user_id = ? and o.id = ? and o.status = 'countered'`,
        [b.id, a.userId, idFromPath(a)],
      );
      return n === 1 ? undefined : `counter ${String(b.id)} of offer ${idFromPath(a)} not recorded`;
    }
    case 'market.sell': {
      const n = await count(
        db,
        `select count(*) c from cards_market.listings where id = ? and seller_id = ?`,
        [b.listingId, a.userId],
      );
      return n === 1 ? undefined : `listing ${String(b.listingId)} not recorded`;
    }
    case 'auction.start': {
      const n = await count(
        db,
        `select count(*) c from cards_market.auctions where id = ? and seller_id = ? and idempotency_key = ?`,
        [b.id, a.userId, a.key],
      );
      return n === 1 ? undefined : `auction ${String(b.id)} not recorded for this key`;
    }
    case 'auction.bid':
    case 'auction.buyNow': {
      // Placed once: the bid of this key led at some point (then lost, won, or leads still), its coins
      // held by the wallet under the bid's own key, committed only if it won.
      const bid = await one(
        db,
        `select b.id, b.status, h.status wallet from cards_market.auction_bids b
           left join wallet.holds h on h.hold_key = 'auction-bid:' || b.id
          where b.bidder_id = ? and b.idempotency_key = ?`,
        [a.userId, a.key],
      );
      if (!bid || bid.status === 'pending' || bid.status === 'refused')
        return `bid is ${bid ? String(bid.status) : 'missing'}`;
      if ((bid.status === 'won') !== (bid.wallet === 'committed'))
        return `bid ${bid.status}, coins ${bid.wallet}`;
      if (a.kind === 'auction.buyNow' && bid.status !== 'won') return `buy-now bid is ${bid.status}`;
      return undefined;
    }
    case 'trade.accept':
    case 'trade.decline':
    case 'trade.cancel': {
      const want = { 'trade.accept': 'accepted', 'trade.decline': 'declined', 'trade.cancel': 'cancelled' }[
        a.kind
      ];
      const offer = await one(db, `select status from trading.trade_offers where id = ?`, [idFromPath(a)]);
      return offer?.status === want
        ? undefined
        : `offer is ${offer?.status ?? 'missing'}, answer said ${want}`;
    }
    default:
      return undefined;
  }
}

/**
 * An offer ends one way: at most one of accept, decline, cancel and counter may have answered 200
 * (201 for a counter) for it.
 */
function offerOutcomes(log: AnswerLog): string[] {
  const byOffer = new Map<number, Set<string>>();
  for (const a of log.all)
    if (['trade.accept', 'trade.decline', 'trade.cancel', 'trade.counter'].includes(a.kind) && isDone(a)) {
      const id = idFromPath(a);
      if (!byOffer.has(id)) byOffer.set(id, new Set());
      byOffer.get(id)!.add(a.kind);
    }
  return [...byOffer]
    .filter(([, kinds]) => kinds.size > 1)
    .map(([id, kinds]) => `offer ${id}: ${[...kinds].join(' and ')} both answered 200`);
}
