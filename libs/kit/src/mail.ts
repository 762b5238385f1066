import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { createFolderMailer, mailboxFolder } from './mail-folder';
import type { MailMessage, Mailer } from './mailer';

export interface StoredMail extends MailMessage {
  id: number;
  sentAt: Date;
}

/**
 * Development mailbox: keeps the latest messages in memory so a person or a test can open the
 * password-reset link at /dev/mailbox. Only wired up in embedded mode.
 */
export class DevMailbox implements Mailer {
  private readonly messages: StoredMail[] = [];
  private nextId = 1;

  constructor(private readonly capacity = 200) {}

  send(message: MailMessage): Promise<void> {
    this.messages.unshift({ ...message, id: this.nextId++, sentAt: new Date() });
    this.messages.length = Math.min(this.messages.length, this.capacity);
    return Promise.resolve();
  }

  /** Newest first. */
  list(): StoredMail[] {
    return [...this.messages];
  }
}

/** nodemailer is loaded with the first e-mail: a process that never sends one (embedded mode) never loads it. */
export function createSmtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, ...message });
    },
  };
}

/** The one mailbox of an embedded process, shared by identity (sender) and the gateway (/dev/mailbox). */
export const devMailbox = new DevMailbox();

/**
 * How a service sends e-mail: SMTP when configured. Otherwise a service sharing the process with the
 * gateway (embedded mode, tests) keeps it for /dev/mailbox, and a service on its own (stack mode)
 * writes it to the mailbox folder (`npm run mailbox` prints it). E-mails carry links that sign
 * someone in, so the log only ever says that one was kept, and to whom.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  standalone: boolean;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) return createSmtpMailer(options.smtpUrl, options.from);
  if (options.standalone) return createFolderMailer(mailboxFolder(options.dataDir), options.logger);
  return {
    async send(mail) {
      await devMailbox.send(mail);
      options.logger.info(
        { to: mail.to, subject: mail.subject },
        'e-mail kept in the dev mailbox (/dev/mailbox)',
      );
    },
  };
}
