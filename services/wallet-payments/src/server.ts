import type { UseCases } from '@touchline/kit';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { getBalance, getBalances } from './use-cases/balances';
import {
  adminWallet,
  cashoutEligibility,
  getCashout,
  listAllCashouts,
  listMyCashouts,
} from './use-cases/cashout-queries';
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
import { requestCashout } from './use-cases/request-cashout';
import { clearReviewHold, getReviewHolds, placeReviewHold } from './use-cases/review-holds';
import { setCashoutStatus } from './use-cases/set-cashout-status';
import { getSpendingLimit, getSpendingLimits, setSpendingLimit } from './use-cases/spending-limit';
import { handleStripeWebhook } from './use-cases/stripe-webhook';
import { authenticateTestPayment, confirmTestPayment } from './use-cases/test-payments';
import { transfer } from './use-cases/transfer';
import { voidHold } from './use-cases/void-hold';
import { pay } from './use-cases/pay';

/** Maps each Wallet RPC onto its use case. */
export function walletUseCases(deps: WalletServiceDeps): UseCases<WalletHandlers> {
  return {
    GetBalance: (req) => getBalance(deps, req.userId),
    GetBalances: (req) => getBalances(deps, req.userIds),
    Grant: (req) => grant(deps, req),
    Transfer: (req) => transfer(deps, req),
    Hold: (req) => hold(deps, req),
    CommitHold: (req) => commitHold(deps, req.holdKey),
    VoidHold: (req) => voidHold(deps, req),
    Pay: (req) => pay(deps, req),
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
    GetCashoutEligibility: (req) => cashoutEligibility(deps, req.userId, req.coinsAmount),
    RequestCashout: (req) => requestCashout(deps, req),
    ListMyCashouts: (req) => listMyCashouts(deps, req.userId),
    ListAllCashouts: (req) => listAllCashouts(deps, req.status),
    GetCashout: (req) => getCashout(deps, req.requestId),
    SetCashoutStatus: (req) => setCashoutStatus(deps, req),
    GetAdminWallet: (req) => adminWallet(deps, req.userId),
    GetSpendingLimit: (req) => getSpendingLimit(deps, req.userId),
    SetSpendingLimit: (req) => setSpendingLimit(deps, req),
    GetSpendingLimits: (req) => getSpendingLimits(deps, req.userIds),
    PlaceReviewHold: (req) => placeReviewHold(deps, req),
    ClearReviewHold: (req) => clearReviewHold(deps, req),
    GetReviewHolds: (req) => getReviewHolds(deps, req.userIds),
  };
}
