import { randomUUID } from 'node:crypto';
import type { AnswerLog } from './answers';
import type { Player } from './client';
import { config } from './config';
import type { Dice } from './random';
import { postSucceededWebhook } from './webhook';

const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000000000000002' };
/** Starter Stack: the cheapest package; three of them make a player eligible for a cash-out. */
const STARTER = { amount: 11, packageId: 'starter-stack' };

/**
 * A test-mode coin purchase: intent, test card, then the success call and signed webhooks in a random
 * order (webhook first, success first, or both at once), some success calls raced with one key. The
 * test provider delivers its own webhook too. A declined card's success call must credit nothing.
 */
export async function buyCoins(options: {
  player: Player;
  dice: Dice;
  log: AnswerLog;
  baseUrl: string;
  mayDecline: boolean;
}): Promise<void> {
  const { player: p, dice } = options;
  const intent = await p.call<{ paymentIntentId: string; coins: number }>(
    'payment.intent',
    'post',
    '/api/create-payment-intent',
    { body: { amount: STARTER.amount } },
  );
  if (intent.status !== 200) return;
  const id = intent.body.paymentIntentId;
  const declined = options.mayDecline && dice.chance(0.1);
  const confirm = await p.call<{ status: string }>(
    'payment.testConfirm',
    'post',
    `/api/test-payments/${id}/confirm`,
    {
      body: declined ? DECLINED_CARD : TEST_CARD,
    },
  );
  if (confirm.status !== 200 || confirm.body.status !== 'succeeded') {
    await p.call('payment.success', 'post', '/api/payment/success', { body: { paymentIntentId: id } });
    return;
  }
  const webhook = () =>
    postSucceededWebhook({
      baseUrl: options.baseUrl,
      secret: config.webhookSecret,
      log: options.log,
      userId: p.id,
      intent: {
        id,
        amountCents: STARTER.amount * 100,
        packageId: STARTER.packageId,
        coins: intent.body.coins,
      },
    });
  const success = (key: string) =>
    p.call('payment.success', 'post', '/api/payment/success', { body: { paymentIntentId: id }, key });
  const raced = (copies: number) => {
    const key = randomUUID();
    return Promise.all(Array.from({ length: copies }, () => success(key)));
  };
  const order = dice.int(0, 2);
  if (order === 0) {
    await webhook();
    await raced(dice.chance(0.3) ? 2 : 1);
  } else if (order === 1) {
    await raced(dice.chance(0.3) ? 2 : 1);
    await webhook();
  } else await Promise.all([webhook(), raced(2), webhook()]);
}
