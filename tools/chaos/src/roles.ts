import knex from 'knex';

/** The prefix of the Postgres roles the run's stack creates, one per service. */
export const ROLE_PREFIX = 'tlchaos_';

/**
 * Drops the run's service roles (they are cluster-wide, so they outlive the run's database). A role
 * that still owns objects, in a database kept with CHAOS_KEEP_DB, stays; the answer names it.
 */
export async function dropRoles(adminUrl: string): Promise<{ dropped: string[]; kept: string[] }> {
  const db = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  const dropped: string[] = [];
  const kept: string[] = [];
  try {
    const roles = (
      await db.raw(`select rolname from pg_roles where starts_with(rolname, ?) order by 1`, [ROLE_PREFIX])
    ).rows as { rolname: string }[];
    for (const { rolname } of roles)
      try {
        await db.raw('drop role if exists ??', [rolname]);
        dropped.push(rolname);
      } catch {
        kept.push(rolname);
      }
  } finally {
    await db.destroy();
  }
  return { dropped, kept };
}
