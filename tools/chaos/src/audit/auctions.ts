import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];

/**
 * Auctions (issue 45): one settlement per auction, and every bid's hold where its bid says it is.
 * A sold auction has one won bid, whose hold the wallet committed, at the final price, and its card
 * went to the winner; no other auction has a committed hold; a bid that lost or was refused holds
 * nothing in the wallet (voided or never taken).
 */
export async function auditAuctions(db: Knex): Promise<AuditLine[]> {
  const settlements = await rows(
    db,
    `select a.id, a.status, a.final_price, a.winner_id,
            count(b.id) filter (where b.status = 'won') won,
            count(h.hold_key) filter (where h.status = 'committed') committed,
            max(b.amount) filter (where b.status = 'won') won_amount,
            max(b.bidder_id) filter (where b.status = 'won') won_by
       from cards_market.auctions a
       left join cards_market.auction_bids b on b.auction_id = a.id
       left join wallet.holds h on h.hold_key = 'auction-bid:' || b.id
      group by a.id
     having (a.status = 'sold') <> (count(b.id) filter (where b.status = 'won') = 1)
         or count(h.hold_key) filter (where h.status = 'committed') <> (case when a.status = 'sold' then 1 else 0 end)
         or (a.status = 'sold' and (max(b.amount) filter (where b.status = 'won') <> a.final_price
                                    or max(b.bidder_id) filter (where b.status = 'won') <> a.winner_id))
      limit 10`,
  );
  const holds = await rows(
    db,
    `select b.id bid_id, b.auction_id, b.status, b.hold, h.status wallet
       from cards_market.auction_bids b
       left join wallet.holds h on h.hold_key = 'auction-bid:' || b.id
      where not (
        (b.hold = 'committed' and h.status = 'committed')
        or (b.hold = 'released' and h.status = 'voided')
        or (b.hold = 'none' and (h.status is null or h.status = 'voided'))
        or (b.hold = 'held' and h.status = 'held'))
      limit 10`,
  );
  const cards = await rows(
    db,
    // The winner has the card, unless it moved on later (a sale, a trade, another auction, the shop,
    // or a challenge that burned it: the challenges' audit checks that burn).
    `select a.id auction_id, a.card_id, a.winner_id, c.owner_id from cards_market.auctions a
       join cards_market.cards c on c.id = a.card_id
      where a.status = 'sold' and c.owner_id <> a.winner_id
        and not exists (select 1 from cards_market.sales s where s.card_id = a.card_id and s.state = 'completed' and s.updated_at > a.settled_at)
        and not exists (select 1 from cards_market.card_holds h where a.card_id = any(h.card_ids) and h.status = 'committed' and h.updated_at > a.settled_at)
        and not exists (select 1 from cards_market.auctions a2 where a2.card_id = a.card_id and a2.status = 'sold' and a2.settled_at > a.settled_at)
        and not exists (select 1 from cards_market.shop_transfers t where a.card_id = any(t.card_ids))
        and not exists (select 1 from cards_market.challenge_submissions cs where cs.id = c.burned_by and cs.created_at > a.settled_at)
      limit 10`,
  );
  const [count] = await rows(
    db,
    `select count(*) filter (where status = 'sold') sold, count(*) filter (where status = 'unsold') unsold,
            count(*) filter (where status = 'withdrawn') withdrawn,
            (select count(*) from cards_market.auction_bids) bids
       from cards_market.auctions`,
  );
  return [
    line(
      'auctions: settled once (one won bid, one committed hold), every bid hold as its bid says',
      [
        ...settlements.map(
          (r) =>
            `auction ${r.id} ${r.status}: ${r.won} won bids, ${r.committed} committed holds, final ${r.final_price} by ${r.winner_id}, won ${r.won_amount} by ${r.won_by}`,
        ),
        ...holds.map(
          (r) =>
            `bid ${r.bid_id} of auction ${r.auction_id} (${r.status}, hold ${r.hold}): wallet says ${r.wallet}`,
        ),
        ...cards.map(
          (r) =>
            `auction ${r.auction_id}: card ${r.card_id} with ${r.owner_id}, not its winner ${r.winner_id}`,
        ),
      ],
      `${count?.sold} sold, ${count?.unsold} unsold, ${count?.withdrawn} withdrawn, ${count?.bids} bids`,
    ),
  ];
}
