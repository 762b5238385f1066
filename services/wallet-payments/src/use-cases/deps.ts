import type { Clock, Logger, Outbox, Db } from '@touchline/kit';
import type { CardMinter } from '../peers';
import type { PaymentsMode } from '../domain/payment-mode';
import type { PaymentProvider, TestPaymentProvider } from '../payments';

export interface WalletDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  /** WELCOME_COINS: granted once per new user. */
  welcomeCoins: number;
  /** PAYMENTS_MODE: which payments back cash-outs, and whether cash-outs are marked test. */
  paymentsMode: PaymentsMode;
}

/** Coin purchases: the ledger plus the card payment provider. */
export interface PaymentDeps extends WalletDeps {
  payments: PaymentProvider;
  /** The test provider's card form; undefined when Stripe is configured. */
  testPayments?: TestPaymentProvider;
}

/** Promo codes: the ledger plus cards-market for card rewards. */
export interface PromoDeps extends WalletDeps {
  cards: CardMinter;
  /** A pending card reward younger than this is left to the request that created it. */
  promoMintRetryAfterMs: number;
}

export type WalletServiceDeps = PaymentDeps & PromoDeps;
