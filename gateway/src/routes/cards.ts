import { Router } from 'express';
import { z } from 'zod';
import { notFound } from '@touchline/kit';
import type { Clients } from '../clients';
import { cardJson, catalogEntryJson, playerJson, teamJson } from '../compose/cards';
import { currentUser } from '../compose/user';
import { route } from '../middleware/errors';
import { idParam } from '../middleware/params';
import { validateBody } from '../middleware/validate';

/** Clubs, rosters, the catalog, the user's cards and starter pack, favorite team (game-spec section 7). */
export function cardsRoutes(clients: Clients): Router {
  const router = Router();
  const { cardsMarket, identity } = clients;

  router.get(
    '/user/cards',
    route(async (req, res) => {
      const { cards } = await cardsMarket.ListUserCards({ userId: req.session!.userId });
      res.json(cards.map(cardJson));
    }),
  );

  router.get(
    '/user/starter-pack',
    route(async (req, res) => {
      const { cards } = await cardsMarket.GetStarterPack({ userId: req.session!.userId });
      res.json(cards.map(cardJson));
    }),
  );

  router.post(
    '/user/starter-pack/revealed',
    validateBody(z.strictObject({})),
    route(async (req, res) => {
      const userId = req.session!.userId;
      res.json(
        await cardsMarket.MarkStarterPackRevealed({ userId, idempotencyKey: `starter-reveal:${userId}` }),
      );
    }),
  );

  router.get(
    '/player-catalog',
    route(async (req, res) => {
      const { entries } = await cardsMarket.GetCatalog({ userId: req.session!.userId });
      res.json(entries.map(catalogEntryJson));
    }),
  );

  const teams = route(async (_req, res) => {
    res.json((await cardsMarket.ListTeams({})).teams.map(teamJson));
  });
  router.get('/teams', teams);
  router.get('/teams/with-player-counts', teams);

  router.get(
    '/teams/:id/players',
    route(async (req, res) => {
      const { players } = await cardsMarket.GetTeamPlayers({ teamId: idParam(req, 'id') });
      res.json(players.map(playerJson));
    }),
  );

  const favoriteTeam = z.strictObject({
    teamId: z.number({ error: 'teamId must be a number' }).int().positive().nullable(),
  });
  router.post(
    '/user/favorite-team',
    validateBody(favoriteTeam),
    route(async (req, res) => {
      const { teamId } = req.body as z.output<typeof favoriteTeam>;
      if (teamId !== null) {
        const { teams: all } = await cardsMarket.ListTeams({});
        if (!all.some((t) => t.id === teamId)) throw notFound('Team not found');
      }
      await identity.SetFavoriteTeam({ userId: req.session!.userId, teamId: teamId ?? 0 });
      res.json(await currentUser(clients, req.session!.userId));
    }),
  );

  const username = z.strictObject({ username: z.string().min(1, 'Username is required').max(64) });
  router.post(
    '/user/username',
    validateBody(username),
    route(async (req, res) => {
      await identity.SetUsername({ userId: req.session!.userId, ...(req.body as z.output<typeof username>) });
      res.json(await currentUser(clients, req.session!.userId));
    }),
  );

  return router;
}
