import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  provisionServiceRoles,
  serviceDatabaseUrl,
  serviceRoleName,
  type ServiceModule,
  type ServiceRole,
} from '@touchline/kit';

/** `CARDS_MARKET_DB_PASSWORD` for cards-market: a password an operator chose for that service's role. */
export function passwordEnvName(service: string): string {
  return `${service.replace(/-/g, '_').toUpperCase()}_DB_PASSWORD`;
}

/**
 * Passwords generated once and kept (mode 0600) next to the embedded data, so that every start of
 * the stack, and any tool an operator points at a service's role, agrees on them.
 */
function keptPasswords(file: string, roles: readonly string[]): Record<string, string> {
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const missing = roles.filter((role) => typeof kept[role] !== 'string');
  if (missing.length > 0) {
    for (const role of missing) kept[role] = randomBytes(24).toString('base64url');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return kept;
}

export interface ServiceDatabases {
  /** DATABASE_URL of each service, by service name: its own role, never the admin's. */
  urls: Map<string, string>;
  roles: ServiceRole[];
}

/**
 * Stack mode (docs/design.md#6-security): one Postgres role per service, owning its schema and nothing
 * else, created with the admin URL the launcher was given; each service then connects as its role.
 * A role's password is `<SERVICE>_DB_PASSWORD` when set, else generated and kept in `passwordFile`.
 */
export async function prepareServiceDatabases(options: {
  adminUrl: string;
  modules: readonly Pick<ServiceModule, 'name' | 'schema'>[];
  rolePrefix: string;
  passwordFile: string;
  env?: NodeJS.ProcessEnv;
}): Promise<ServiceDatabases> {
  const env = options.env ?? process.env;
  const names = options.modules.map((m) => serviceRoleName(m.schema, options.rolePrefix));
  const fromEnv = (m: Pick<ServiceModule, 'name'>) => env[passwordEnvName(m.name)]?.trim() || undefined;
  const kept = options.modules.every(fromEnv) ? {} : keptPasswords(options.passwordFile, names);
  const roles = options.modules.map((m, i) => ({
    schema: m.schema,
    role: names[i]!,
    password: fromEnv(m) ?? kept[names[i]!],
  }));
  await provisionServiceRoles(options.adminUrl, roles);
  return {
    roles,
    urls: new Map(
      options.modules.map((m, i) => [
        m.name,
        serviceDatabaseUrl(options.adminUrl, roles[i]!.role, roles[i]!.password),
      ]),
    ),
  };
}
