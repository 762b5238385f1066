import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients';
import { route } from '../middleware/errors';
import { idempotencyKey } from '../middleware/params';
import { validateBody } from '../middleware/validate';

/** What Stripe.js's confirmCardPayment resolves to, in short: the status, or the card's refusal. */
function result(paymentIntentId: string, status: string, errorMessage: string, nextAction = '') {
  return {
    paymentIntentId,
    status,
    nextAction: nextAction || null,
    error: errorMessage ? { message: errorMessage } : null,
  };
}

const intentId = (params: Record<string, string | string[] | undefined>) => String(params.intentId ?? '');

/**
 * The card form of test mode (no STRIPE_SECRET_KEY): the web posts Stripe's test card numbers here
 * instead of to Stripe. With Stripe configured the wallet answers 404 and card details never reach
 * our servers. A refused card is a result (200 with error.message), as in Stripe.js, not a failure.
 */
export function testPaymentRoutes(clients: Clients): Router {
  const router = Router();

  const cardForm = z.strictObject({
    cardNumber: z.string({ error: 'cardNumber is required' }).max(32),
    expMonth: z.coerce.number({ error: 'expMonth must be a number' }).int().min(0).max(99),
    expYear: z.coerce.number({ error: 'expYear must be a number' }).int().min(0).max(9999),
    cvc: z.string({ error: 'cvc is required' }).max(8),
  });
  router.post(
    '/test-payments/:intentId/confirm',
    validateBody(cardForm),
    route(async (req, res) => {
      const paymentIntentId = intentId(req.params);
      const r = await clients.wallet.ConfirmTestPayment({
        userId: req.session!.userId,
        paymentIntentId,
        ...(req.body as z.output<typeof cardForm>),
        idempotencyKey: idempotencyKey(req),
      });
      res.json(result(paymentIntentId, r.status, r.errorMessage, r.nextAction));
    }),
  );

  const authenticate = z.strictObject({ fail: z.boolean().default(false) });
  router.post(
    '/test-payments/:intentId/authenticate',
    validateBody(authenticate),
    route(async (req, res) => {
      const paymentIntentId = intentId(req.params);
      const r = await clients.wallet.AuthenticateTestPayment({
        userId: req.session!.userId,
        paymentIntentId,
        fail: (req.body as z.output<typeof authenticate>).fail,
        idempotencyKey: idempotencyKey(req),
      });
      res.json(result(paymentIntentId, r.status, r.errorMessage));
    }),
  );

  return router;
}
