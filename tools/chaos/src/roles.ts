import knex from 'knex';

/** The prefix of the Postgres roles chaos runs create, one per service. */
export const ROLE_PREFIX = 'tlchaos_';

/**
 * This run's own prefix: roles are cluster-wide, and a run that shared another's would reset the
 * passwords that run's restarted services log in with.
 */
export const RUN_ROLE_PREFIX = `${ROLE_PREFIX}${Date.now().toString(36)}_`;

/**
 * Drops the service roles whose names start with `prefix` (they are cluster-wide, so they outlive a
 * run's database). A role that still owns objects (in a database kept with CHAOS_KEEP_DB, or of a
 * run still going) stays; the answer names it.
 */
export async function dropRoles(
  adminUrl: string,
  prefix: string,
): Promise<{ dropped: string[]; kept: string[] }> {
  const db = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  const dropped: string[] = [];
  const kept: string[] = [];
  try {
    const roles = (
      await db.raw(`select rolname from pg_roles where starts_with(rolname, ?) order by 1`, [prefix])
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
