import express from 'express';
import { api, type TestPaymentResult } from '@touchline/contract';
import { invalid } from '@touchline/kit';
import type { Clients } from '../clients';
import { ContractRouter } from '../http/contract-router';

const dollars = (cents: number) => cents / 100;

/** USD dollars as the page shows them (20, 11.5) to integer cents; more than two decimals is not a price. */
function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6)
    throw invalid('amount must be in dollars and cents (two decimals or fewer)');
  return cents;
}

/** What Stripe.js's confirmCardPayment resolves to, in short: the status, or the card's refusal. */
function testResult(paymentIntentId: string, status: string, errorMessage: string, nextAction = '') {
  return {
    paymentIntentId,
    status: status as TestPaymentResult['status'],
    nextAction: nextAction ? (nextAction as 'authenticate') : null,
    error: errorMessage ? { message: errorMessage } : null,
  };
}

/**
 * Coin purchase (docs/spec/economy-admin-spec.md#2-screens-and-routes, #3-entities-and-their-fields and #7-the-calls-it-makes; docs/design.md#3-money-one-ledger), and the card form of test
 * mode (no STRIPE_SECRET_KEY): the web posts Stripe's test card numbers to /api/test-payments instead
 * of to Stripe. With Stripe configured the wallet answers 404 there and card details never reach our
 * servers. A refused card is a result (200 with error.message), as in Stripe.js, not a failure.
 */
export function paymentRoutes(clients: Clients) {
  const { wallet } = clients;
  return new ContractRouter()
    .add(api.payments.coinPackages, async () => {
      const { packages } = await wallet.ListCoinPackages({});
      return {
        status: 200,
        body: packages.map((p) => ({
          id: p.id,
          name: p.name,
          amount: dollars(p.priceCents),
          coins: p.coins,
          description: p.description,
          isPopular: p.isPopular,
        })),
      };
    })
    .add(api.payments.createIntent, async ({ userId, body, idempotencyKey }) => {
      const amountCents = toCents(body.amount);
      let packageId = body.packageId;
      if (packageId === undefined) {
        const { packages } = await wallet.ListCoinPackages({});
        packageId = packages.find((p) => p.priceCents === amountCents)?.id;
        if (!packageId) throw invalid('No coin package costs this amount');
      }
      const intent = await wallet.CreatePaymentIntent(
        { userId, packageId, amountCents, idempotencyKey },
        { timeoutMs: 15_000 },
      );
      return {
        status: 200,
        body: {
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.paymentIntentId,
          amount: dollars(intent.amountCents),
          coins: intent.coins,
          testMode: intent.testMode,
          ...(intent.publishableKey ? { publishableKey: intent.publishableKey } : {}),
        },
      };
    })
    .add(api.payments.success, async ({ userId, body, idempotencyKey }) => {
      const result = await wallet.ConfirmPayment(
        { userId, paymentIntentId: body.paymentIntentId, idempotencyKey },
        { timeoutMs: 15_000 },
      );
      // The success page shows the coins this purchase added, also when Stripe's webhook got there
      // first (alreadyCredited) or the page is reloaded: the ledger credited them exactly once.
      return {
        status: 200,
        body: { added: result.purchaseCoins, coins: result.coins, alreadyCredited: result.alreadyCredited },
      };
    })
    .add(api.payments.testConfirm, async ({ userId, params, body, idempotencyKey }) => {
      const r = await wallet.ConfirmTestPayment({
        userId,
        paymentIntentId: params.intentId,
        ...body,
        idempotencyKey,
      });
      return { status: 200, body: testResult(params.intentId, r.status, r.errorMessage, r.nextAction) };
    })
    .add(api.payments.testAuthenticate, async ({ userId, params, body, idempotencyKey }) => {
      const r = await wallet.AuthenticateTestPayment({
        userId,
        paymentIntentId: params.intentId,
        fail: body.fail,
        idempotencyKey,
      });
      return { status: 200, body: testResult(params.intentId, r.status, r.errorMessage) };
    }).router;
}

/**
 * POST /api/stripe/webhook, mounted on the app ahead of the /api router: Stripe posts cross-site,
 * without cookies or an Origin we know, and signs the raw bytes, so neither the origin check, nor
 * JSON parsing, nor sessions may touch it. The signature is its only credential (checked by the
 * wallet); a bad one is 400 and credits nothing.
 */
export function stripeWebhookRoutes(clients: Clients) {
  return new ContractRouter('').add(
    api.payments.stripeWebhook,
    async ({ req }) => {
      const signature = req.get('stripe-signature');
      if (!signature) throw invalid('Missing Stripe-Signature header');
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw invalid('Expected a JSON event body');
      await clients.wallet.HandleStripeWebhook({ payload: req.body, signature }, { timeoutMs: 15_000 });
      return { status: 200, body: { received: true }, headers: { 'Cache-Control': 'no-store' } };
    },
    { before: [express.raw({ type: 'application/json', limit: api.payments.stripeWebhook.bodyLimit })] },
  ).router;
}
