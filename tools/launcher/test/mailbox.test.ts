import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPromiseClient, devMailbox } from '@touchline/kit';
import { startTestService } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';
import { identityService } from '@touchline/identity';
import { printableMailbox } from '../src/mailbox';

/**
 * Issue 29, item 8: without SMTP_URL, stack mode wrote reset and admin links into the service log.
 * Now a service on its own writes e-mails to DATA_DIR/mailbox (0700, files 0600), logs only that it
 * did and to whom, and `npm run mailbox` prints them; embedded mode keeps /dev/mailbox, unlogged too.
 */
const ADMIN = 'ops@admins.test';
const PLAYER = 'player@mail.test';
const LINK = /https:\/\/touchline\.test\/auth\?(reset|verify-admin)=[\w-]+/g;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** identity as `standalone` says, logging at info into `lines`; a sign-up of ADMIN and a reset for PLAYER. */
async function sendMails(standalone: boolean): Promise<{ log: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-mailbox-'));
  dirs.push(dataDir);
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const test = await startTestService(identityService, {
    env: { ADMIN_EMAILS: ADMIN, DATA_DIR: dataDir, SMTP_URL: '' },
    standalone,
    logger,
  });
  const client = createPromiseClient<IdentityDefinition>(
    SERVICES.identity.definition(),
    test.service.address,
  );
  try {
    const urlBase = 'https://touchline.test/auth';
    for (const email of [ADMIN, PLAYER]) {
      await client.Register({
        email,
        password: 'correct horse battery',
        idempotencyKey: '',
        adminVerifyUrlBase: urlBase,
      });
    }
    await client.RequestPasswordReset({ email: PLAYER, resetUrlBase: urlBase });
  } finally {
    client.close();
    await test.stop();
  }
  return { log: lines.join(''), dataDir };
}

describe('e-mails without SMTP', () => {
  it('stack mode: no link reaches the log; the mails land in DATA_DIR/mailbox (0700/0600) and npm run mailbox prints the newest', async () => {
    const { log, dataDir } = await sendMails(true);

    expect(log).not.toMatch(LINK);
    expect(log).not.toMatch(/reset=|verify-admin=/);
    const written = log.split('\n').filter((line) => line.includes('e-mail written to the mailbox folder'));
    expect(written.map((line) => (JSON.parse(line) as { to: string }).to).sort()).toEqual([ADMIN, PLAYER]);

    const folder = path.join(dataDir, 'mailbox');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    const texts = files.map((file) => {
      expect(statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
      return readFileSync(path.join(folder, file), 'utf8');
    });
    expect(
      texts
        .join('\n')
        .match(LINK)
        ?.map((link) => link.split('?')[1]!.split('=')[0]),
    ).toEqual(expect.arrayContaining(['reset', 'verify-admin']));

    const stdout = await printableMailbox(dataDir, 1);
    // The newest only: the reset link sent last.
    expect(stdout).toContain(`to ${PLAYER}`);
    expect(stdout).toContain('Subject: Reset your Touchline password');
    expect(stdout).toMatch(/https:\/\/touchline\.test\/auth\?reset=[\w-]+/);
    expect(stdout).not.toContain('verify-admin=');
  });

  it('embedded mode: the dev mailbox keeps them, and the log does not carry the link either', async () => {
    const before = devMailbox.list().length;
    const { log, dataDir } = await sendMails(false);
    expect(log).not.toMatch(LINK);
    expect(log).toContain('e-mail kept in the dev mailbox');
    expect(devMailbox.list().length - before).toBe(2);
    expect(devMailbox.list()[0]!.text).toMatch(LINK);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
