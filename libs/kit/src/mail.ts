import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail extends MailMessage {
  id: number;
  sentAt: Date;
}

/**
 * Development mailbox: keeps the latest messages in memory (and logs them) so a person or a test
 * can open the password-reset link at /dev/mailbox. Only wired up in embedded mode.
 */
export class DevMailbox implements Mailer {
  private readonly messages: StoredMail[] = [];
  private nextId = 1;

  constructor(
    private readonly logger?: Logger,
    private readonly capacity = 200,
  ) {}

  send(message: MailMessage): Promise<void> {
    this.messages.unshift({ ...message, id: this.nextId++, sentAt: new Date() });
    this.messages.length = Math.min(this.messages.length, this.capacity);
    this.logger?.info(
      { to: message.to, subject: message.subject, text: message.text },
      'dev mailbox: e-mail kept',
    );
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
