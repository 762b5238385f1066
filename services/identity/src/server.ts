import type { UseCases } from '@touchline/kit';
import type { IdentityHandlers } from '@touchline/protos/gen/touchline/identity/Identity';
import type { IdentityDeps } from './use-cases/deps';
import { login } from './use-cases/login';
import { changePassword, requestPasswordReset, resetPassword } from './use-cases/passwords';
import { setFavoriteTeam, setUsername } from './use-cases/profile';
import { register } from './use-cases/register';
import { logout, refreshSession } from './use-cases/sessions';
import { allUsers, getUser, getUsers, usernames } from './use-cases/users';

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
    ListAllUsers: () => allUsers(deps),
    ChangePassword: (req) => changePassword(deps, req),
    RequestPasswordReset: (req) => requestPasswordReset(deps, req),
    ResetPassword: (req) => resetPassword(deps, req),
    SetFavoriteTeam: (req) => setFavoriteTeam(deps, req.userId, req.teamId),
    SetUsername: (req) => setUsername(deps, req.userId, req.username),
  };
}
