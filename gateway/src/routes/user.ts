import { api } from '@touchline/contract';
import { notFound } from '@touchline/kit';
import type { Clients } from '../clients';
import { currentUser } from '../compose/user';
import { everyUsername } from '../compose/usernames';
import type { UserBadges } from '../compose/user-badges';
import { ContractRouter } from '../http/contract-router';
import type { SharedAnswers } from '../http/shared-answers';
import type { SessionVerifier } from '../session';

/** The signed-in user's own account. Mounted behind requireSession. */
export function userRoutes(
  clients: Clients,
  verifier: SessionVerifier,
  badges: UserBadges | undefined,
  shared: SharedAnswers,
) {
  const { identity, cardsMarket, wallet } = clients;
  return new ContractRouter()
    .add(api.user.get, async ({ userId }) => ({
      status: 200,
      body: await currentUser(clients, userId, badges),
    }))
    .add(api.user.changePassword, async ({ userId, body, req }) => {
      const { revokedSessionIds } = await identity.ChangePassword({
        userId,
        sessionId: req.session!.sessionId,
        ...body,
      });
      // Every other device is signed out now, not when its token expires; this one stays.
      await Promise.all(revokedSessionIds.map((id) => verifier.revoke(id)));
      return { status: 200, body: { success: true, message: 'Your password has been changed' } };
    })
    .add(api.user.usernames, async () => {
      // Every player who is not banned: the same for everyone, and it grows with the players (a
      // crowd of 250 read all 250 names 162 times in 30 s), so built once per change.
      // The trade screens' names come from the same answer (compose/usernames.ts).
      const answer = await shared.answer(api.user.usernames.path, ['usernames'], () =>
        everyUsername(clients),
      );
      return { status: 200, ...answer };
    })
    .add(api.user.setFavoriteTeam, async ({ userId, body: { teamId } }) => {
      if (teamId !== null) {
        const { teams } = await cardsMarket.ListTeams({});
        if (!teams.some((t) => t.id === teamId)) throw notFound('Team not found');
      }
      await identity.SetFavoriteTeam({ userId, teamId: teamId ?? 0 });
      return { status: 200, body: await currentUser(clients, userId, badges) };
    })
    .add(api.user.setUsername, async ({ userId, body }) => {
      await identity.SetUsername({ userId, ...body });
      return { status: 200, body: await currentUser(clients, userId, badges) };
    })
    .add(api.user.balance, async ({ userId }) => {
      const { coins, heldCoins } = await wallet.GetBalance({ userId });
      return { status: 200, body: { coins, heldCoins } };
    }).router;
}
