import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, startHeldUpstream, type HeldUpstream } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, listenLocally, UNREACHABLE } from './support';

// Sign-up and sign-in hash or check a password (scrypt): their identity call may take longer than
// the request budget of a plain call, which on a loaded machine answered sign-ups with 504 while
// their accounts were being made.
const BUDGET_MS = 3_000;
const PASSWORD_CALL_MS = 15_000;

let identity: HeldUpstream;
let clients: Clients;
let gateway: { baseUrl: string; close(): Promise<void> };

beforeAll(async () => {
  identity = await startHeldUpstream(SERVICES.identity.definition(), ['Register', 'Login']);
  const addresses = Object.fromEntries(
    UPSTREAMS.map((u) => [u, u === 'identity' ? identity.address : UNREACHABLE]),
  ) as Record<Upstream, string>;
  clients = createClients(addresses, { defaultTimeoutMs: BUDGET_MS });
  const config = gatewayConfig({ UPSTREAM_TIMEOUT_MS: String(BUDGET_MS) });
  const app = createApp({ config, clients, addresses, store: createMemoryStore(), logger: silentLogger });
  gateway = await listenLocally(app);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  if (clients) closeClients(clients);
  await identity?.close();
});

/** Sends the request, waits until identity holds its call, and gives that call's time to its deadline. */
async function heldFor(path: string): Promise<{ timeLeft: number; answer: Promise<request.Response> }> {
  const before = identity.calls.length;
  const answer = Promise.resolve(
    request(gateway.baseUrl)
      .post(path)
      .set('X-Forwarded-For', '10.78.0.1')
      .set('Idempotency-Key', '8d3c1f2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f')
      .send({ email: 'slow.hash@example.com', password: 'a-long-password-1' }),
  );
  while (identity.calls.length <= before) await new Promise((resolve) => setTimeout(resolve, 5));
  const call = identity.calls[before]!;
  return { timeLeft: call.deadline - call.receivedAt, answer };
}

describe('the password calls', () => {
  it.each(['/api/register', '/api/login'])(
    '%s gives identity 15 s, more than the request budget of a plain call',
    async (path) => {
      const { timeLeft, answer } = await heldFor(path);
      identity.releaseAll({});
      await answer;
      expect(timeLeft).toBeGreaterThan(BUDGET_MS + 5_000);
      expect(timeLeft).toBeLessThanOrEqual(PASSWORD_CALL_MS);
    },
  );
});
