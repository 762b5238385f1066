import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from './mailer';

/** The folder under DATA_DIR where a service on its own writes the e-mails it cannot send. */
export const mailboxFolder = (dataDir: string) => path.join(dataDir, 'mailbox');

/** What a file of the mailbox folder holds. */
export interface FolderMail extends MailMessage {
  sentAt: string;
}

/**
 * Writes each e-mail as a JSON file of its own: the folder 0700 and the files 0600, since they hold
 * links that sign someone in. Names start with the time, so they sort oldest first.
 */
export function createFolderMailer(folder: string, logger: Logger): Mailer {
  let ready: Promise<void> | undefined;
  return {
    async send(message) {
      // chmod too: mkdir's mode passes through the umask and leaves an existing folder as it was.
      ready ??= mkdir(folder, { recursive: true, mode: 0o700 }).then(() => chmod(folder, 0o700));
      await ready.catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      const sentAt = new Date().toISOString();
      const file = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const mail: FolderMail = { ...message, sentAt };
      await writeFile(path.join(folder, file), `${JSON.stringify(mail, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the mailbox folder');
    },
  };
}

/** The newest `count` e-mails of a mailbox folder, newest first ([] when there is no folder yet). */
export async function readMailboxFolder(folder: string, count: number): Promise<FolderMail[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names.sort().reverse().slice(0, count);
  return Promise.all(
    newest.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as FolderMail),
  );
}
