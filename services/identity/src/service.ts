import { createSmtpMailer, devMailbox, type Mailer, type ServiceModule } from '@touchline/kit';
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
  async create({ config, logger, db, outbox, clock, random }) {
    const signer = await createTokenSigner(db, random);
    const mailer: Mailer = config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : {
          // No SMTP: keep the mail for /dev/mailbox (embedded mode) and write it to the log.
          send: async (mail) => {
            logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'e-mail (dev mailbox)');
            await devMailbox.send(mail);
          },
        };
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
