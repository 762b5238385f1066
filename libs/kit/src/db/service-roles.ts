import pg from 'pg';

/** One service's Postgres login: its role, the one schema it owns, and its password if any. */
export interface ServiceRole {
  schema: string;
  role: string;
  /** Unset: the role has no password (trust or peer auth, as on a developer's machine). */
  password?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role of the service that owns `schema`, e.g. cards_market → touchline_cards_market. */
export function serviceRoleName(schema: string, prefix = 'touchline_'): string {
  const role = `${prefix}${schema}`;
  if (!IDENTIFIER.test(role)) throw new Error(`"${role}" is not a plain Postgres role name`);
  return role;
}

/** The admin's URL with the service's role (and password) instead: same server, same database. */
export function serviceDatabaseUrl(adminUrl: string, role: string, password?: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password ?? '';
  return url.toString();
}

/**
 * Hands objects an earlier version created as the admin (one superuser for every service) over to
 * the service's role, so that it can keep migrating them. Tables take their indexes, triggers and
 * owned sequences along.
 */
const REASSIGN_SCHEMA_OBJECTS = `
  do $do$
  declare
    target_schema constant regnamespace := %SCHEMA%::regnamespace;
    target_role constant text := %ROLE%;
    obj record;
  begin
    for obj in
      select c.oid::regclass::text as name, c.relkind from pg_class c
      where c.relnamespace = target_schema and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and c.relowner <> target_role::regrole
        and not (c.relkind = 'S' and exists (
          select 1 from pg_depend d
          where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))
    loop
      execute format('alter %s %s owner to %I',
        case obj.relkind when 'v' then 'view' when 'm' then 'materialized view'
          when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
        obj.name, target_role);
    end loop;
    for obj in
      select p.oid::regprocedure::text as name, p.prokind from pg_proc p
      where p.pronamespace = target_schema and p.proowner <> target_role::regrole
    loop
      execute format('alter %s %s owner to %I',
        case obj.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
        obj.name, target_role);
    end loop;
    for obj in
      select t.oid::regtype::text as name, t.typtype from pg_type t
      where t.typnamespace = target_schema and t.typtype in ('e', 'd', 'r')
        and t.typowner <> target_role::regrole
    loop
      execute format('alter %s %s owner to %I',
        case obj.typtype when 'd' then 'domain' else 'type' end, obj.name, target_role);
    end loop;
  end
  $do$`;

/**
 * Creates or updates one login role per service that owns its schema and can reach nothing else
 * (docs/design.md#6-security): no superuser, no CREATEDB/CREATEROLE, no membership, no grant on another
 * schema. PUBLIC loses CONNECT on the database (each role gets it back) and CREATE on `public`.
 * Run as an admin; idempotent, and serialised by an advisory lock when several launchers start at
 * once. The same statements fit a Kubernetes Job (or CloudNativePG managed roles plus the schema
 * part) later.
 */
export async function provisionServiceRoles(adminUrl: string, roles: readonly ServiceRole[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'touchline-provision' });
  await client.connect();
  const id = (name: string) => pg.escapeIdentifier(name);
  const literal = (value: string) => pg.escapeLiteral(value);
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('touchline:provision-service-roles'))`);
    const database = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    await client.query(`revoke all on database ${id(database)} from public`);
    await client.query('revoke create on schema public from public');
    for (const { schema, role, password } of roles) {
      if (!IDENTIFIER.test(schema) || !IDENTIFIER.test(role))
        throw new Error(`schema "${schema}" and role "${role}" must be plain lower-case names`);
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      const attributes =
        'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit' +
        (password === undefined ? '' : ` password ${literal(password)}`);
      await client.query(`${exists.rowCount ? 'alter' : 'create'} role ${id(role)} ${attributes}`);
      await client.query(`grant connect on database ${id(database)} to ${id(role)}`);

      const schemaExists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (schemaExists.rowCount) {
        await client.query(`alter schema ${id(schema)} owner to ${id(role)}`);
        await client.query(
          REASSIGN_SCHEMA_OBJECTS.replace('%SCHEMA%', literal(schema)).replace('%ROLE%', literal(role)),
        );
      } else {
        await client.query(`create schema ${id(schema)} authorization ${id(role)}`);
      }
      await client.query(`revoke all on schema ${id(schema)} from public`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
