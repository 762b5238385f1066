import { get, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldUpstream } from '@touchline/kit/testing';
import { startHeldGateway, type HeldGateway } from './held-gateway';
import { randomIp } from './support';

// Issue 41: a stream's opening is not refused like a read. A notifications stand-in holds every
// Replay until the test answers it; one slot per upstream, a gate that lets a call wait 3 s (a late
// timer on a busy machine stays inside it), a read's wait 100 ms. Its Live subscription is not served,
// so each opening waits 2 s for it first.
const GATE_WAIT_MS = 3_000;
const LIVE_WAIT_MS = 2_000;
const REPLAY = { notifications: [], unreadCount: 0, position: 0 };

let gateway: HeldGateway<'notifications'>;
let notifications: HeldUpstream;
const open: ClientRequest[] = [];

beforeAll(async () => {
  gateway = await startHeldGateway({
    hold: { notifications: ['Replay'] },
    shed: { concurrency: 1, queue: 8, maxWaitMs: GATE_WAIT_MS, retryAfterSeconds: 3 },
    config: { SHED_RETRY_AFTER_S: '3', UPSTREAM_READ_QUEUE_WAIT_MS: '100' },
  });
  ({ notifications } = gateway.held);
}, 120_000);

afterAll(async () => {
  for (const req of open) req.destroy();
  await gateway?.stop();
});

/** Opens a user's live stream; resolves with the opening's status once its head arrives. */
async function openStream(userId: number): Promise<number> {
  const cookie = await gateway.cookie(userId);
  return new Promise((resolve, reject) => {
    const req = get(
      `${gateway.baseUrl}/api/notifications/stream`,
      { headers: { cookie, accept: 'text/event-stream', 'x-forwarded-for': randomIp() } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    open.push(req);
  });
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('a live stream’s opening', () => {
  it('waits for a busy notifications slot as long as a change does, not a read’s 100 ms', async () => {
    const first = openStream(4_000_001);
    await until(() => notifications.calls.length === 1);

    let refused: number | undefined;
    const second = openStream(4_000_002).then((status) => {
      if (status !== 200) refused = status;
      return status;
    });
    // Its Replay asks for the slot the first one holds about 2 s after it opened; a read would be
    // refused 100 ms later. Answered 300 ms after that, the first frees the slot for it.
    await new Promise((resolve) => setTimeout(resolve, LIVE_WAIT_MS + 300));
    notifications.releaseAll(REPLAY);
    expect(await first).toBe(200);

    await until(() => notifications.calls.length === 2 || refused !== undefined);
    expect(refused).toBeUndefined();
    notifications.releaseAll(REPLAY);
    expect(await second).toBe(200);
  }, 20_000);
});
