import { createMailer, type ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { IdentityHandlers } from '@touchline/protos/gen/touchline/identity/Identity';
import { identityConfigSchema, type IdentityConfig } from './config';
import { migrations } from './db/migrations';
import { parseAdminEmails } from './domain/email';
import { identityUseCases } from './server';
import { createTokenSigner } from './tokens';

export const identityService: ServiceModule<IdentityConfig, IdentityHandlers> = {
  name: 'identity',
  schema: 'identity',
  grpcServiceName: SERVICES.identity.serviceName,
  definition: () => SERVICES.identity.definition(),
  migrations,
  configSchema: identityConfigSchema,
  async create({ config, logger, db, outbox, clock, random, standalone }) {
    const signer = await createTokenSigner(db, random);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      standalone,
      logger,
    });
    const deps = {
      db,
      outbox,
      clock,
      random,
      signer,
      mailer,
      logger,
      config,
      adminEmails: parseAdminEmails(config.ADMIN_EMAILS),
    };
    return { useCases: identityUseCases(deps) };
  },
};
