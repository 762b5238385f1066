import type { Migration } from '@touchline/kit';

/**
 * Watchlists and price alerts (docs/design.md#5-cards-and-the-market). `met` is whether the last
 * price was on the alert's side of its line: a tick fires the alerts it flips from false to true,
 * and writes the flip in the tick's own transaction, so a crossing fires once whatever retries.
 */
export const watchlist: Migration = {
  name: '012_watchlist',
  async up(db) {
    await db.raw(
      `create table watchlist (
         user_id bigint not null,
         player_id integer not null references players (id),
         created_at timestamptz not null,
         primary key (user_id, player_id)
       )`,
    );
    await db.raw(
      `create table price_alerts (
         id bigserial primary key,
         user_id bigint not null,
         player_id integer not null,
         direction text not null check (direction in ('above', 'below')),
         threshold bigint not null check (threshold > 0),
         met boolean not null,
         last_triggered_at timestamptz,
         created_at timestamptz not null,
         foreign key (user_id, player_id) references watchlist (user_id, player_id) on delete cascade,
         unique (user_id, player_id, direction, threshold)
       )`,
    );
    // What a tick reads: the alerts of the players whose price changed.
    await db.raw(`create index price_alerts_player on price_alerts (player_id)`);
  },
};
