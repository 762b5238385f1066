import type { Knex } from 'knex';
import type { Answer, AnswerLog } from '../answers';
import { transitionByRefusal } from './refused-transitions';
import { count, one, type Row } from './sql';

/**
 * What a refused operation must not have left behind, checked in the owning service's data. `group`
 * is every answer sent with the refused one's key; `log` every answer of the run.
 */
export async function refusalChangedNothing(
  db: Knex,
  a: Answer,
  group: Answer[],
  log: AnswerLog,
): Promise<string | undefined> {
  switch (a.kind) {
    case 'market.withdraw':
    case 'trade.decline':
    case 'trade.cancel':
      return transitionByRefusal(db, group, log);
    case 'market.buy': {
      const sale = await one(db, `select state from cards_market.sales where id = ?`, [a.key]);
      if (sale && sale.state !== 'failed') return `sale is ${sale.state}`;
      const held = await one(db, `select status from wallet.holds where hold_key = ?`, [`sale:${a.key}`]);
      return held && held.status !== 'voided' ? `coins ${held.status}` : undefined;
    }
    case 'pack.purchase': {
      const rows = (
        await db.raw(
          `select coalesce(sum(e.amount), 0) s from wallet.entries e join wallet.transactions t on t.id = e.transaction_id
            where t.idempotency_key in (?, ?) and e.account = ?`,
          [`pack:${a.key}`, `pack-refund:${a.key}`, `user:${a.userId}`],
        )
      ).rows as Row[];
      const net = Number(rows[0]!.s);
      if (net !== 0) return `the buyer's balance moved by ${net}`;
      const p = await one(db, `select state from cards_market.pack_purchases where id = ?`, [a.key]);
      return p && p.state === 'completed' ? 'pack purchase completed' : undefined;
    }
    case 'cashout.request': {
      const n = await count(
        db,
        `select count(*) c from wallet.cashout_requests where idempotency_key like ?`,
        [`%${a.key}`],
      );
      return n === 0 ? undefined : `${n} cash-out requests recorded`;
    }
    case 'admin.cashoutStatus': {
      const n = await count(
        db,
        `select count(*) c from wallet.cashout_transitions where idempotency_key like ?`,
        [`%${a.key}`],
      );
      return n === 0 ? undefined : `${n} transitions recorded`;
    }
    case 'mission.claim': {
      const n = await count(db, `select count(*) c from missions.mission_claims where idempotency_key = ?`, [
        a.key,
      ]);
      return n === 0 ? undefined : `${n} claims recorded`;
    }
    case 'trade.create':
    case 'trade.offerForWish':
    case 'trade.counter': {
      const n = await count(db, `select count(*) c from trading.trade_offers where idempotency_key = ?`, [
        a.key,
      ]);
      return n === 0 ? undefined : `${n} offers recorded`;
    }
    case 'market.sell': {
      const n = await count(db, `select count(*) c from cards_market.listings where idempotency_key = ?`, [
        a.key,
      ]);
      return n === 0 ? undefined : `${n} listings recorded`;
    }
    case 'trade.accept': {
      const n = await count(
        db,
        `select count(*) c from trading.trade_sagas where accept_key = ? and state = 'committed'`,
        [a.key],
      );
      return n === 0 ? undefined : 'the trade went through';
    }
    case 'payment.success': {
      // A refused success call is only wrong when it was this call that credited.
      const intent = (a.body as { paymentIntentId: string }).paymentIntentId;
      const p = await one(db, `select status from wallet.test_payment_intents where id = ?`, [intent]);
      const n = await count(db, `select count(*) c from wallet.purchases where payment_intent_id = ?`, [
        intent,
      ]);
      return p?.status !== 'succeeded' && n > 0 ? `intent ${p?.status} but credited` : undefined;
    }
    case 'auction.start': {
      const n = await count(
        db,
        `select count(*) c from cards_market.auctions where seller_id = ? and idempotency_key = ?`,
        [a.userId, a.key],
      );
      return n === 0 ? undefined : 'an auction was started';
    }
    case 'auction.bid':
    case 'auction.buyNow': {
      // Refused before or after the wallet held the coins: the bid is refused and holds nothing.
      const bid = await one(
        db,
        `select b.status, h.status wallet from cards_market.auction_bids b
           left join wallet.holds h on h.hold_key = 'auction-bid:' || b.id
          where b.bidder_id = ? and b.idempotency_key = ?`,
        [a.userId, a.key],
      );
      if (!bid) return undefined;
      if (bid.status !== 'refused') return `bid is ${String(bid.status)}`;
      return bid.wallet && bid.wallet !== 'voided' ? `coins ${String(bid.wallet)}` : undefined;
    }
    default:
      return undefined;
  }
}
