import type { Migration } from '@touchline/kit';

/**
 * A pack pull's cost (issue 43, item 11): cards opened from a bought pack before each card carried
 * its share of the price kept a cost of 0, so selling one read as pure profit. Each such card still
 * with its buyer, as the pack left it, gets its share now, split as use-cases/packs.ts splits it
 * (domain/packs.ts packCardCosts: whole coins that add up to the price, the first cards take the
 * remainder). A card that changed hands since, or already has a cost, is left alone. Numbered 014:
 * 013 is taken by the auctions work in flight.
 */
export const packPullCosts: Migration = {
  name: '014_pack_pull_costs',
  async up(db) {
    await db.raw(
      `update cards c
          set purchase_price = share.cost
         from (select pp.user_id, pp.updated_at, pull.card_id,
                      pp.price / cardinality(pp.card_ids)
                        + case when pull.ord <= pp.price % cardinality(pp.card_ids) then 1 else 0 end as cost
                 from pack_purchases pp
                 cross join lateral unnest(pp.card_ids) with ordinality as pull(card_id, ord)
                where pp.state = 'completed' and cardinality(pp.card_ids) > 0) share
        where c.id = share.card_id
          and c.owner_id = share.user_id
          and c.origin = 'pack'
          and c.purchase_price = 0
          and c.acquired_at <= share.updated_at`,
    );
  },
};
