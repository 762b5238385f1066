import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createPromiseClient, InProcessBus, systemClock, type PromiseClient } from '@touchline/kit';
import { eventually as pollUntil, silentLogger, startTestService } from '@touchline/kit/testing';
import { cardsMarketService } from '@touchline/cards-market';
import { identityService } from '@touchline/identity';
import { grantAdmin } from '@touchline/identity/admin-email';
import { leaderboardService } from '@touchline/leaderboard';
import { matchdayService } from '@touchline/matchday';
import { SERVICES } from '@touchline/protos';
import type { AdminDefinition } from '@touchline/protos/gen/touchline/admin/Admin';
import type { TradingDefinition } from '@touchline/protos/gen/touchline/trading/Trading';
import { tradingService } from '@touchline/trading';
import { walletService } from '@touchline/wallet-payments';
import { createPeers } from '../src/peers';
import { adminService } from '../src/service';
import type { AdminDeps } from '../src/use-cases/deps';
import { signUpTimesCache } from '../src/use-cases/fraud';

export const ADMIN_EMAIL = 'chief@admin.example.com';
export const ADMIN_2_EMAIL = 'deputy@admin.example.com';
export const PASSWORD = 'correct horse battery';
export const key = () => randomUUID();
/** A fresh PayPal transaction id (17 letters and digits), as an admin types it from the receipt. */
export const paypalId = () => randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();

/**
 * Every service an admin action reaches, on one event bus as in production: identity, the wallet
 * (welcome coins, test-mode payments), cards-market (starter packs), trading, the leaderboard (still
 * a stub answering UNIMPLEMENTED) and admin.
 */
export async function startAdmin() {
  const bus = new InProcessBus(silentLogger);
  const identity = await startTestService(identityService, { bus });
  const wallet = await startTestService(walletService, { bus, env: { TEST_PAYMENTS_WEBHOOK_DELAY_MS: '0' } });
  const cards = await startTestService(cardsMarketService, {
    bus,
    env: { MARKET_HOURS: 'always' },
    peers: { 'wallet-payments': wallet.service.address },
  });
  const base = {
    identity: identity.service.address,
    'cards-market': cards.service.address,
    'wallet-payments': wallet.service.address,
  };
  const trading = await startTestService(tradingService, {
    bus,
    env: { SAGA_SWEEP_INTERVAL_MS: '3600000' },
    peers: base,
  });
  const leaderboard = await startTestService(leaderboardService, { bus });
  const matchday = await startTestService(matchdayService, {
    bus,
    // The import feed (admins upload results); a week's cycle: no matchday locks while a test runs.
    env: { MATCH_FEED: 'import', MATCHDAY_CYCLE_MS: String(7 * 86_400_000) },
    peers: { 'wallet-payments': wallet.service.address, 'cards-market': cards.service.address },
  });
  const addresses = {
    ...base,
    leaderboard: leaderboard.service.address,
    trading: trading.service.address,
    matchday: matchday.service.address,
  };
  const admin = await startTestService(adminService, { bus, peers: addresses });
  // Generous deadlines: the tests sign many players up at once (scrypt) on a small machine.
  const peers = createPeers(addresses, { defaultTimeoutMs: 20_000 });
  const client: PromiseClient<AdminDefinition> = createPromiseClient<AdminDefinition>(
    SERVICES.admin.definition(),
    admin.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  const tradingClient = createPromiseClient<TradingDefinition>(
    SERVICES.trading.definition(),
    trading.service.address,
    {
      defaultTimeoutMs: 20_000,
    },
  );

  const h = {
    bus,
    identity,
    wallet,
    cards,
    trading,
    matchday,
    admin,
    peers,
    client,
    tradingClient,
    addresses,
    /** Use-case dependencies of admin, with other peer addresses (a leaderboard that is down). */
    deps(overrides: Record<string, string> = {}): AdminDeps & { close(): void } {
      const clients = createPeers({ ...addresses, ...overrides });
      return {
        db: admin.database.db,
        clock: systemClock,
        logger: silentLogger,
        signUpTimes: signUpTimesCache(),
        ...clients,
      };
    },
    /** A signed-up player once the welcome coins and the starter pack have arrived. */
    async player(local = 'player'): Promise<{ id: number; email: string; sessionId: string }> {
      const email = `${local}@${randomUUID().slice(0, 8)}.example.com`;
      const session = await peers.identity.Register({ email, password: PASSWORD, idempotencyKey: key() });
      const id = session.user!.id;
      await eventually(async () => {
        expect((await peers.wallet.GetBalance({ userId: id })).coins).toBeGreaterThan(0);
        expect((await peers.cards.ListUserCards({ userId: id })).cards).toHaveLength(3);
      });
      return { id, email, sessionId: session.sessionId };
    },
    async adminUser(email = ADMIN_EMAIL): Promise<number> {
      const session = await peers.identity
        .Register({ email, password: PASSWORD, idempotencyKey: key() })
        .catch(() => peers.identity.Login({ email, password: PASSWORD }));
      // The operator's grant (npm run admin:grant): ADMIN_EMAILS alone makes nobody an admin.
      await grantAdmin(identity.database.db, email);
      return session.user!.id;
    },
    /** A completed test-mode purchase of the Rare Roll ($20, 50,000 coins). */
    async buy(userId: number): Promise<void> {
      const intent = await peers.wallet.CreatePaymentIntent({
        userId,
        packageId: 'rare-roll',
        amountCents: 2_000,
        idempotencyKey: key(),
      });
      await peers.wallet.ConfirmTestPayment({
        userId,
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
        idempotencyKey: key(),
      });
      await peers.wallet.ConfirmPayment({
        userId,
        paymentIntentId: intent.paymentIntentId,
        idempotencyKey: key(),
      });
    },
    async cardsOf(userId: number) {
      return (await peers.cards.ListUserCards({ userId })).cards;
    },
    /** A new player with three purchases behind them asks to cash 13,000 coins out: one request in the admins' queue. */
    async pendingCashout(local: string): Promise<number> {
      const { id } = await this.player(local);
      for (let i = 0; i < 3; i++) await this.buy(id);
      const { cashout } = await peers.wallet.RequestCashout({
        userId: id,
        coinsAmount: 13_000,
        paypalEmail: `${local}@paypal.example`,
        idempotencyKey: key(),
      });
      return cashout!.id;
    },
    /**
     * Each of `from` gives `to` a starter card and 9,500 of its welcome coins in an accepted trade: the
     * farming ring the fraud flags look for, written once so every test builds the same one.
     */
    async farmInto(to: number, from: readonly { id: number }[]): Promise<void> {
      for (const t of from) {
        const [card] = (await peers.cards.ListUserCards({ userId: t.id })).cards;
        const { offer } = await tradingClient.CreateOffer({
          userId: t.id,
          toUserId: to,
          offeredCardIds: [card!.id],
          offeredCoins: 9_500,
          requestedCardIds: [],
          requestedCoins: 0,
          note: '',
          idempotencyKey: key(),
        });
        await tradingClient.AcceptOffer({ userId: to, offerId: offer!.id, idempotencyKey: key() });
      }
    },
    async auditRows(): Promise<
      { action: string; outcome: string; target_id: string; actor_user_id: number }[]
    > {
      return admin.database
        .db('audit_log')
        .orderBy('id')
        .select('action', 'outcome', 'target_id', 'actor_user_id');
    },
    async audit(): Promise<void> {
      expect(await peers.wallet.VerifyLedger({})).toMatchObject({ ok: true, total: 0, mismatches: [] });
    },
    async stop(): Promise<void> {
      client.close();
      tradingClient.close();
      peers.close();
      await admin.stop();
      await matchday.stop();
      await leaderboard.stop();
      await trading.stop();
      await cards.stop();
      await wallet.stop();
      await identity.stop();
    },
  };
  return h;
}

export type AdminHarness = Awaited<ReturnType<typeof startAdmin>>;

/** Polls until `check` passes (events travel through outbox relays asynchronously). */
export const eventually = (check: () => Promise<void>, timeoutMs = 10_000): Promise<void> =>
  pollUntil(check, timeoutMs, 100);
