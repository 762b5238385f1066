import type { Migration } from '@touchline/kit';
import { PLATFORM_ACCOUNTS } from '../../domain/accounts';

/**
 * The double-entry ledger (docs/design.md#3-money-one-ledger). The rules that keep money safe are constraints of
 * the database, not only of the code: a user account cannot go negative or reserve more than it has,
 * every transaction sums to zero at commit, and entries are never rewritten.
 */
export const ledger: Migration = {
  name: '001_ledger',
  async up(db) {
    await db.schema.createTable('accounts', (t) => {
      t.text('name').primary();
      t.text('kind').notNullable();
      // Cached: the sum of the account's entries (VerifyLedger re-derives it).
      t.bigInteger('balance').notNullable().defaultTo(0);
      // Coins reserved by the account's open holds (user accounts only).
      t.bigInteger('held').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`
      alter table accounts
        add constraint accounts_kind check (kind in ('user', 'platform')),
        add constraint accounts_kind_matches_name check ((kind = 'user') = (name like 'user:%')),
        add constraint accounts_held_not_negative check (held >= 0),
        add constraint accounts_platform_holds_nothing check (kind = 'user' or held = 0),
        add constraint accounts_user_not_negative check (kind = 'platform' or (balance >= 0 and balance - held >= 0))
    `);

    await db.schema.createTable('transactions', (t) => {
      t.bigIncrements('id').primary();
      t.text('idempotency_key').notNullable().unique();
      // What the key stands for (operation, accounts, amount, fee): a retry must match it.
      t.text('fingerprint').notNullable();
      t.text('reason').notNullable();
      t.text('reference').notNullable().defaultTo('');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['reference']);
    });

    await db.schema.createTable('entries', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('transaction_id').notNullable().references('id').inTable('transactions');
      t.text('account').notNullable().references('name').inTable('accounts');
      t.bigInteger('amount').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      // One line per account and transaction (the posting builder merges them); also the lookup by transaction.
      t.unique(['transaction_id', 'account']);
      // An account's history, newest first, and the audit's per-account sums.
      t.index(['account', 'id']);
    });
    await db.raw('alter table entries add constraint entries_amount_not_zero check (amount <> 0)');

    await db.schema.createTable('holds', (t) => {
      t.text('hold_key').primary();
      // Null on the tombstone of a key voided before any hold was made.
      t.text('from_account').references('name').inTable('accounts');
      t.text('to_account').references('name').inTable('accounts');
      t.bigInteger('amount').notNullable().defaultTo(0);
      t.bigInteger('fee').notNullable().defaultTo(0);
      t.text('reason').notNullable().defaultTo('');
      t.text('reference').notNullable().defaultTo('');
      t.text('status').notNullable();
      t.bigInteger('transaction_id').references('id').inTable('transactions');
      t.text('void_reason');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await db.raw(`
      alter table holds
        add constraint holds_status check (status in ('held', 'committed', 'voided')),
        add constraint holds_committed_has_transaction check ((status = 'committed') = (transaction_id is not null)),
        add constraint holds_fee_within_amount check (amount >= 0 and fee >= 0 and fee <= amount),
        add constraint holds_open_is_complete check (
          status = 'voided' or (from_account is not null and to_account is not null and amount > 0)
        )
    `);
    // The audit sums open holds per account.
    await db.raw(`create index holds_open_by_account on holds (from_account) where status = 'held'`);

    // Checked at commit, after all of a transaction's entries exist. The table is named through
    // TG_TABLE_SCHEMA because every service shares one Postgres and the search_path is per session.
    await db.raw(`
      create function ledger_transaction_balanced() returns trigger language plpgsql as $$
      declare total numeric;
      begin
        execute format('select coalesce(sum(amount), 0) from %I.entries where transaction_id = $1', tg_table_schema)
          into total using new.transaction_id;
        if total <> 0 then
          raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total
            using errcode = 'check_violation';
        end if;
        return null;
      end $$
    `);
    await db.raw(`
      create constraint trigger entries_balanced after insert on entries
        deferrable initially deferred for each row execute function ledger_transaction_balanced()
    `);
    // History is append-only: a correction is a new, reversing transaction.
    await db.raw(`
      create function ledger_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name using errcode = 'insufficient_privilege';
      end $$
    `);
    for (const table of ['entries', 'transactions'])
      await db.raw(
        `create trigger ${table}_append_only before update or delete on ${table}
           for each row execute function ledger_append_only()`,
      );

    await db('accounts').insert(PLATFORM_ACCOUNTS.map((name) => ({ name, kind: 'platform' })));
  },
};
