import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients';
import { currentUser } from '../compose/user';
import { route } from '../middleware/errors';
import { validateBody } from '../middleware/validate';

/** The signed-in user's own account. Mounted behind requireSession. */
export function userRoutes(clients: Clients): Router {
  const router = Router();

  router.get(
    '/user',
    route(async (req, res) => {
      res.json(await currentUser(clients, req.session!.userId));
    }),
  );

  const changePassword = z.strictObject({
    currentPassword: z.string().min(1, 'Current password is required').max(128),
    newPassword: z.string().min(1, 'New password is required').max(128),
  });
  router.post(
    '/user/change-password',
    validateBody(changePassword),
    route(async (req, res) => {
      const body = req.body as z.output<typeof changePassword>;
      await clients.identity.ChangePassword({ userId: req.session!.userId, ...body });
      res.json({ success: true, message: 'Your password has been changed' });
    }),
  );

  router.get(
    '/users/usernames',
    route(async (_req, res) => {
      const { usernames } = await clients.identity.ListUsernames({});
      res.json(usernames.map((u) => ({ id: u.id, username: u.username })));
    }),
  );

  return router;
}
