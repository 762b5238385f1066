/** What an e-mail is and what sends one: the contract every mailer (mail.ts, mail-folder.ts) keeps. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
