import type { Tx } from '@touchline/kit';
import { userAccount } from '@touchline/rules';
import type { EventOutput } from '@touchline/protos';
import { findTransaction } from '../db/transactions';
import { userIdOf } from '../domain/accounts';
import type { WalletDeps } from './deps';
import { grantIn } from './grant';

/**
 * WELCOME_COINS for a new user, inside the inbox transaction of the sign-up event. The key is the
 * user's, not the event's: a replay of the sign-up under another event id still grants once.
 */
export async function grantWelcomeCoins(
  deps: WalletDeps,
  trx: Tx,
  event: EventOutput<'identity.user.registered'>,
): Promise<void> {
  if (deps.welcomeCoins === 0) return;
  if (userIdOf(userAccount(event.userId)) === undefined) {
    // Retrying cannot fix a malformed event; blocking the topic behind it would hold up every sign-up.
    deps.logger.error(
      { userId: event.userId },
      'identity.user.registered without a valid user id: no welcome coins',
    );
    return;
  }
  const key = `welcome:${event.userId}`;
  // Once per user, whatever WELCOME_COINS says today: a replay after the setting changed must not be
  // refused as "key used for another posting" (and retried forever), just skipped.
  if (await findTransaction(trx, key)) return;
  await grantIn(deps, trx, {
    idempotencyKey: key,
    userId: event.userId,
    amount: deps.welcomeCoins,
    reason: 'welcome',
    reference: userAccount(event.userId),
  });
}
