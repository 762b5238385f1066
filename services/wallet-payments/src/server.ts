import type { UseCases } from '@touchline/kit';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { getBalance, getBalances } from './use-cases/balances';
import { commitHold } from './use-cases/commit-hold';
import type { WalletDeps } from './use-cases/deps';
import { grant } from './use-cases/grant';
import { hold } from './use-cases/hold';
import { listLedgerEntries, verifyLedger } from './use-cases/ledger';
import { transfer } from './use-cases/transfer';
import { voidHold } from './use-cases/void-hold';

/**
 * Maps each Wallet RPC onto its use case. The ledger is built; payments, promo codes, cash-out and
 * coin packages are not, and answer UNIMPLEMENTED (HTTP 501 at the gateway) until they land.
 */
export function walletUseCases(deps: WalletDeps): UseCases<WalletHandlers> {
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
  };
}
