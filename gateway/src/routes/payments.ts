import express, { Router } from 'express';
import { z } from 'zod';
import { invalid } from '@touchline/kit';
import type { Clients } from '../clients';
import { route } from '../middleware/errors';
import { idempotencyKey } from '../middleware/params';
import { validateBody } from '../middleware/validate';

const dollars = (cents: number) => cents / 100;

/** USD dollars as the page shows them (20, 11.5) to integer cents; more than two decimals is not a price. */
function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6)
    throw invalid('amount must be in dollars and cents (two decimals or fewer)');
  return cents;
}

/** Coin purchase (economy-admin-spec sections 2, 3, 7; design.md section 3). */
export function paymentRoutes(clients: Clients): Router {
  const router = Router();
  const { wallet } = clients;

  router.get(
    '/coin-packages',
    route(async (_req, res) => {
      const { packages } = await wallet.ListCoinPackages({});
      res.json(
        packages.map((p) => ({
          id: p.id,
          name: p.name,
          amount: dollars(p.priceCents),
          coins: p.coins,
          description: p.description,
          isPopular: p.isPopular,
        })),
      );
    }),
  );

  // The spec's payload is {amount}; the package id says which package is meant. The wallet prices it
  // and refuses an amount that is not that price (tampering, a stale page).
  const createIntent = z.strictObject({
    amount: z.number({ error: 'amount must be a number' }).positive().max(100_000),
    packageId: z.string().min(1).max(64).optional(),
  });
  router.post(
    '/create-payment-intent',
    validateBody(createIntent),
    route(async (req, res) => {
      const body = req.body as z.output<typeof createIntent>;
      const amountCents = toCents(body.amount);
      let packageId = body.packageId;
      if (packageId === undefined) {
        const { packages } = await wallet.ListCoinPackages({});
        packageId = packages.find((p) => p.priceCents === amountCents)?.id;
        if (!packageId) throw invalid('No coin package costs this amount');
      }
      const intent = await wallet.CreatePaymentIntent(
        { userId: req.session!.userId, packageId, amountCents, idempotencyKey: idempotencyKey(req) },
        { timeoutMs: 15_000 },
      );
      res.json({
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
        amount: dollars(intent.amountCents),
        coins: intent.coins,
        testMode: intent.testMode,
        ...(intent.publishableKey ? { publishableKey: intent.publishableKey } : {}),
      });
    }),
  );

  const success = z.strictObject({
    paymentIntentId: z.string({ error: 'paymentIntentId is required' }).min(1).max(255),
  });
  router.post(
    '/payment/success',
    validateBody(success),
    route(async (req, res) => {
      const result = await wallet.ConfirmPayment(
        {
          userId: req.session!.userId,
          paymentIntentId: (req.body as z.output<typeof success>).paymentIntentId,
          idempotencyKey: idempotencyKey(req),
        },
        { timeoutMs: 15_000 },
      );
      // The success page shows the coins this purchase added, also when Stripe's webhook got there
      // first (alreadyCredited) or the page is reloaded: the ledger credited them exactly once.
      res.json({ added: result.purchaseCoins, coins: result.coins, alreadyCredited: result.alreadyCredited });
    }),
  );

  return router;
}

/**
 * POST /api/stripe/webhook, mounted on the app ahead of the /api router: Stripe posts cross-site,
 * without cookies or an Origin we know, and signs the raw bytes, so neither the origin check, nor
 * JSON parsing, nor sessions may touch it. The signature is its only credential (checked by the
 * wallet); a bad one is 400 and credits nothing.
 */
export function stripeWebhookRoutes(clients: Clients): Router {
  const router = Router();
  router.post(
    '/api/stripe/webhook',
    express.raw({ type: 'application/json', limit: '1mb' }),
    route(async (req, res) => {
      const signature = req.get('stripe-signature');
      if (!signature) throw invalid('Missing Stripe-Signature header');
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw invalid('Expected a JSON event body');
      await clients.wallet.HandleStripeWebhook({ payload: req.body, signature }, { timeoutMs: 15_000 });
      res.set('Cache-Control', 'no-store').json({ received: true });
    }),
  );
  return router;
}
