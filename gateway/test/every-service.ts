import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eventually as pollUntil, startTestService, type TestService } from '@touchline/kit/testing';
import { grantAdmin } from '@touchline/identity/admin-email';
import { missionsService } from '@touchline/missions';
import { notificationsService } from '@touchline/notifications';
import { startAdmin, type AdminHarness } from '../../services/admin/test/support';
import { browser, PASSWORD, serveGateway, uniqueEmail } from './support';

/** Polls until `check` passes (events travel through outbox relays asynchronously); its result. */
export const eventually = <T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> =>
  pollUntil(check, timeoutMs, 100);
export type Agent = ReturnType<typeof browser>;

export interface Player {
  agent: Agent;
  id: number;
  email: string;
  username: string;
}

/**
 * Every service behind the gateway on one event bus (admin's harness, plus missions and
 * notifications) and the gateway in front: for tests that walk all the routes of a kind.
 */
export async function startEveryService() {
  const h: AdminHarness = await startAdmin();
  const missions: TestService = await startTestService(missionsService, {
    bus: h.bus,
    peers: { 'wallet-payments': h.addresses['wallet-payments'], 'cards-market': h.addresses['cards-market'] },
  });
  // Admin's harness runs matchday (admins import its results): a week's cycle, no lock during a test.
  const matchday: TestService = h.matchday;
  const notifications: TestService = await startTestService(notificationsService, {
    bus: h.bus,
    peers: { identity: h.addresses.identity },
  });
  const gateway = await serveGateway(
    {
      ...h.addresses,
      admin: h.admin.service.address,
      missions: missions.service.address,
      notifications: notifications.service.address,
    },
    // Many players and calls from one file: the per-user allowance is not what these tests are about.
    { config: { RATE_LIMIT_SCALE: '100' }, timeoutMs: 20_000 },
  );
  const { baseUrl, clients } = gateway;

  /** A signed-up, signed-in player once the welcome coins and the starter cards have arrived. */
  async function player(local: string): Promise<Player> {
    const email = uniqueEmail(local);
    const agent = browser(baseUrl);
    const res = await agent.post('/api/register').send({ email, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    const { id, username } = res.body as { id: number; username: string };
    await eventually(async () => {
      expect((await h.peers.wallet.GetBalance({ userId: id })).coins).toBeGreaterThan(0);
      expect(await h.cardsOf(id)).toHaveLength(3);
    }, 20_000);
    return { agent, id, email, username };
  }

  return {
    ...h,
    missions,
    matchday,
    notifications,
    clients,
    baseUrl,
    player,
    /** A bare account (no session, not waiting for its starter cards): someone to act on. */
    async account(local: string): Promise<number> {
      const email = uniqueEmail(local);
      const session = await h.peers.identity.Register({
        email,
        password: PASSWORD,
        idempotencyKey: randomUUID(),
      });
      return session.user!.id;
    },
    /** A player whom the operator made admin (npm run admin:grant). */
    async admin(local: string): Promise<Player> {
      const p = await player(local);
      await grantAdmin(h.identity.database.db, p.email);
      return p;
    },
    /** `count` Common cards minted to the user, as an admin grant would. */
    async mint(userId: number, count: number): Promise<number[]> {
      const { cards } = await h.peers.cards.MintCards({
        userId,
        reason: 'admin',
        specs: [{ rarity: 'Common', quantity: count }],
        idempotencyKey: randomUUID(),
      });
      return cards.map((c) => c.id);
    },
    async stop(): Promise<void> {
      await gateway.close();
      await notifications.stop();
      await missions.stop();
      await h.stop();
    },
  };
}

export type EveryService = Awaited<ReturnType<typeof startEveryService>>;
export { PASSWORD };
