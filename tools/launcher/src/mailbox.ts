import path from 'node:path';
import { z } from 'zod';
import { loadConfig, mailboxFolder, readMailboxFolder } from '@touchline/kit';

const mailboxConfig = z.object({
  DATA_DIR: z.string().default('.data'),
  COUNT: z.coerce.number().int().min(1).max(1_000).default(5),
});

/** The newest `count` e-mails of DATA_DIR/mailbox as text, oldest of them first (the newest ends up last on screen). */
export async function printableMailbox(dataDir: string, count: number): Promise<string> {
  const folder = path.resolve(mailboxFolder(dataDir));
  const mails = await readMailboxFolder(folder, count);
  if (mails.length === 0) return `No e-mails in ${folder} yet.`;
  return mails
    .reverse()
    .map((mail) => `--- ${mail.sentAt}  to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`)
    .join('\n');
}

/**
 * `npm run mailbox [-- <count>]`: the newest e-mails (5 unless told) that services running on their
 * own without SMTP_URL (stack mode) wrote to DATA_DIR/mailbox, for a developer to open a reset or
 * admin link. Embedded mode keeps them at /dev/mailbox instead.
 */
async function main(): Promise<void> {
  try {
    const config = loadConfig(mailboxConfig, { DATA_DIR: process.env.DATA_DIR, COUNT: process.argv[2] });
    console.log(await printableMailbox(config.DATA_DIR, config.COUNT));
  } catch (error) {
    console.error(`mailbox: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (require.main === module) void main();
