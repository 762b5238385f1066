import type { Migration } from '@touchline/kit';

/**
 * The audit log of admin actions, and the exchanges between players that anti-fraud reads (a
 * projection of trading.trade.accepted and market.sale.completed).
 */
export const auditAndExchanges: Migration = {
  name: '001_audit_exchanges',
  async up(db) {
    await db.schema.createTable('audit_log', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('actor_user_id').notNullable();
      t.text('action').notNullable();
      t.text('target_type').notNullable();
      t.text('target_id').notNullable();
      // "{actor}:{key}": a retried action updates its entry instead of adding one.
      t.text('idempotency_key').notNullable().unique();
      t.jsonb('request').notNullable();
      t.jsonb('before').notNullable().defaultTo('{}');
      t.jsonb('after').notNullable().defaultTo('{}');
      t.text('outcome').notNullable();
      t.text('error').notNullable().defaultTo('');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('finished_at', { useTz: true });
      t.index(['actor_user_id', 'id']);
      t.index(['action', 'id']);
    });
    await db.raw(
      `alter table audit_log add constraint audit_log_outcome check (outcome in ('pending', 'ok', 'failed'))`,
    );
    // The log is evidence: entries are finished once and never deleted.
    await db.raw(`
      create function audit_log_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
        end if;
        if old.outcome <> 'pending' and (new.outcome, new.after, new.error) is distinct from (old.outcome, old.after, old.error) then
          raise exception 'a finished audit entry cannot change' using errcode = 'insufficient_privilege';
        end if;
        return new;
      end $$
    `);
    await db.raw(
      `create trigger audit_log_guard before update or delete on audit_log for each row execute function audit_log_guard()`,
    );

    // A trade ("trade:{offerId}") or a sale between players ("sale:{saleId}"): what each side gave.
    await db.schema.createTable('exchanges', (t) => {
      t.text('id').primary();
      t.text('kind').notNullable();
      t.bigInteger('a_user_id').notNullable();
      t.bigInteger('b_user_id').notNullable();
      t.bigInteger('a_coins').notNullable();
      t.bigInteger('b_coins').notNullable();
      t.bigInteger('a_card_value').notNullable();
      t.bigInteger('b_card_value').notNullable();
      t.integer('a_cards').notNullable();
      t.integer('b_cards').notNullable();
      t.timestamp('at', { useTz: true }).notNullable();
      t.index(['a_user_id']);
      t.index(['b_user_id']);
    });
  },
};
