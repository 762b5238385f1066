import { z } from 'zod';
import { loadConfig, provisionServiceRoles, serviceRoleName } from '@touchline/kit';
import { passwordEnvName } from './database-roles';
import { SERVICE_MODULES } from './services';

const provisionConfig = z.object({
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: 'set DATABASE_URL to an admin URL (postgres://…)',
  }),
  DB_ROLE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _ only')
    .max(40)
    .default('touchline_'),
});

/**
 * `npm run db:roles`: what `npm run stack` does before it starts the services, on its own, for a
 * platform (a Kubernetes Job before the migrations): one role per service owning only its schema.
 * A role's password is `<SERVICE>_DB_PASSWORD` when set; otherwise its password is left as it is
 * (e.g. managed by CloudNativePG). Prints the roles, never a password.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(provisionConfig);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const roles = SERVICE_MODULES.map((m) => ({
    schema: m.schema,
    role: serviceRoleName(m.schema, config.DB_ROLE_PREFIX),
    password: process.env[passwordEnvName(m.name)]?.trim() || undefined,
  }));
  await provisionServiceRoles(config.DATABASE_URL, roles);
  for (const { role, schema, password } of roles)
    console.log(`${role}: owns schema ${schema}${password ? ' (password set)' : ''}`);
}

void main().catch((error: unknown) => {
  console.error(`could not provision the service roles: ${(error as Error).message}`);
  process.exit(1);
});
