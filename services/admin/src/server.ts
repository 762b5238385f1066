import type { UseCases } from '@touchline/kit';
import type { AdminHandlers } from '@touchline/protos/gen/touchline/admin/Admin';
import { listAuditLog } from './use-cases/audit-log';
import { listCollectionCards, transferToShop } from './use-cases/cards';
import { createChallenge, listChallenges, retireChallenge, scheduleChallenge } from './use-cases/challenges';
import { getAdminWallet, listCashouts, setCashoutStatus } from './use-cases/cashouts';
import type { AdminDeps } from './use-cases/deps';
import { getUserFlags } from './use-cases/fraud';
import { clearFraudHold } from './use-cases/fraud-hold';
import { importMatchResults, listMatchdays } from './use-cases/matchdays';
import { listUserTrades } from './use-cases/user-trades';
import { listUsers, setBanned, setMuted } from './use-cases/users';

/** Maps each Admin RPC onto its use case; each checks the caller is an admin first. */
export function adminUseCases(deps: AdminDeps): UseCases<AdminHandlers> {
  return {
    ListUsers: (req) => listUsers(deps, req.userId),
    SetBanned: (req) => setBanned(deps, req),
    SetMuted: (req) => setMuted(deps, req),
    ListCashouts: (req) => listCashouts(deps, req),
    SetCashoutStatus: (req) => setCashoutStatus(deps, req),
    GetAdminWallet: (req) => getAdminWallet(deps, req.userId),
    ListCollectionCards: (req) => listCollectionCards(deps, req.userId),
    TransferToShop: (req) => transferToShop(deps, req),
    ListAuditLog: (req) => listAuditLog(deps, req),
    GetUserFlags: (req) => getUserFlags(deps, req),
    ClearFraudHold: (req) => clearFraudHold(deps, req),
    ListUserTrades: (req) => listUserTrades(deps, req),
    ListChallenges: (req) => listChallenges(deps, req.userId),
    CreateChallenge: (req) => createChallenge(deps, req),
    ScheduleChallenge: (req) => scheduleChallenge(deps, req),
    RetireChallenge: (req) => retireChallenge(deps, req),
    ListMatchdays: (req) => listMatchdays(deps, req.userId),
    ImportMatchResults: (req) => importMatchResults(deps, req),
  };
}
