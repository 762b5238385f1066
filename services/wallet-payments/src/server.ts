import type { UseCases } from '@touchline/kit';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { getBalance, getBalances } from './use-cases/balances';
import { listCoinPackages } from './use-cases/coin-packages';
import { commitHold } from './use-cases/commit-hold';
import { confirmPayment } from './use-cases/confirm-payment';
import { createPaymentIntent } from './use-cases/create-payment-intent';
import type { WalletServiceDeps } from './use-cases/deps';
import { grant } from './use-cases/grant';
import { hold } from './use-cases/hold';
import { listLedgerEntries, verifyLedger } from './use-cases/ledger';
import { getPurchaseSummaries, getPurchaseSummary } from './use-cases/purchase-summaries';
import { redeemPromo } from './use-cases/redeem-promo';
import { handleStripeWebhook } from './use-cases/stripe-webhook';
import { authenticateTestPayment, confirmTestPayment } from './use-cases/test-payments';
import { transfer } from './use-cases/transfer';
import { voidHold } from './use-cases/void-hold';

/**
 * Maps each Wallet RPC onto its use case. The ledger, coin purchases and promo codes are built;
 * cash-out is not, and answers UNIMPLEMENTED (HTTP 501 at the gateway) until it lands.
 */
export function walletUseCases(deps: WalletServiceDeps): UseCases<WalletHandlers> {
  return {
    GetBalance: (req) => getBalance(deps, req.userId),
    GetBalances: (req) => getBalances(deps, req.userIds),
    Grant: (req) => grant(deps, req),
    Transfer: (req) => transfer(deps, req),
    Hold: (req) => hold(deps, req),
    CommitHold: (req) => commitHold(deps, req.holdKey),
    VoidHold: (req) => voidHold(deps, req),
    ListLedgerEntries: (req) => listLedgerEntries(deps, req),
    VerifyLedger: () => verifyLedger(deps),
    ListCoinPackages: async () => listCoinPackages(),
    CreatePaymentIntent: (req) => createPaymentIntent(deps, req),
    ConfirmPayment: (req) => confirmPayment(deps, req),
    ConfirmTestPayment: (req) => confirmTestPayment(deps, req),
    AuthenticateTestPayment: (req) => authenticateTestPayment(deps, req),
    HandleStripeWebhook: (req) => handleStripeWebhook(deps, req),
    GetPurchaseSummary: (req) => getPurchaseSummary(deps, req.userId),
    GetPurchaseSummaries: (req) => getPurchaseSummaries(deps, req.userIds),
    RedeemPromo: (req) => redeemPromo(deps, req),
  };
}
