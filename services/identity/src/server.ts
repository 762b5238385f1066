import type { UseCases } from '@touchline/kit';
import type { IdentityHandlers } from '@touchline/protos/gen/touchline/identity/Identity';
import type { IdentityDeps } from './use-cases/deps';
import { confirmAdminEmail } from './use-cases/admin-email';
import { login } from './use-cases/login';
import { setBanned, setMuted } from './use-cases/moderation';
import { changePassword, requestPasswordReset, resetPassword } from './use-cases/passwords';
import { setFavoriteTeam, setUsername } from './use-cases/profile';
import { register } from './use-cases/register';
import { listRevokedSessions } from './use-cases/revocations';
import { logout, refreshSession } from './use-cases/sessions';
import { allUsers, getUser, getUsers, userByUsername, usernames, usernamesOf } from './use-cases/users';

/** Maps each Identity RPC onto its use case. RPCs missing here answer UNIMPLEMENTED until built. */
export function identityUseCases(deps: IdentityDeps): UseCases<IdentityHandlers> {
  return {
    Register: (req) => register(deps, req),
    Login: (req) => login(deps, req),
    Logout: (req) => logout(deps, req.sessionId),
    RefreshSession: (req) => refreshSession(deps, req.sessionId),
    GetJwks: async () => ({ keys: await deps.signer.publicKeys() }),
    GetUser: (req) => getUser(deps, req.userId),
    GetUsers: (req) => getUsers(deps, req.userIds),
    ListUsernames: () => usernames(deps),
    GetUsernames: (req) => usernamesOf(deps, req.userIds),
    FindUserByUsername: (req) => userByUsername(deps, req.username),
    ListAllUsers: () => allUsers(deps),
    ChangePassword: (req) => changePassword(deps, req),
    ListRevokedSessions: (req) => listRevokedSessions(deps, req.revokedSince),
    ConfirmAdminEmail: (req) => confirmAdminEmail(deps, req),
    RequestPasswordReset: (req) => requestPasswordReset(deps, req),
    ResetPassword: (req) => resetPassword(deps, req),
    SetFavoriteTeam: (req) => setFavoriteTeam(deps, req.userId, req.teamId),
    SetUsername: (req) => setUsername(deps, req.userId, req.username),
    SetBanned: (req) => setBanned(deps, req),
    SetMuted: (req) => setMuted(deps, req),
  };
}
