import { consumer, type EventConsumer } from '@touchline/kit';
import type { WalletDeps } from './use-cases/deps';
import { grantWelcomeCoins } from './use-cases/welcome';

/** Events the wallet reacts to; each runs in the inbox transaction (exactly once per event id). */
export function walletConsumers(deps: WalletDeps): EventConsumer[] {
  return [consumer('identity.user.registered', (event, _meta, trx) => grantWelcomeCoins(deps, trx, event))];
}
