import { Router, type Request } from 'express';
import { z } from 'zod';
import { invalid, notFound } from '@touchline/kit';
import type { Clients } from '../clients';
import { composeOffers, composeWishes } from '../compose/trades';
import { route } from '../middleware/errors';
import { idParam, idempotencyKey } from '../middleware/params';
import { describeIssue, validateBody } from '../middleware/validate';

const MAX_COINS = 1_000_000_000_000;
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const coins = z.number().int('Coins must be a whole number').min(0).max(MAX_COINS);
const note = z.string().max(500, 'Notes can be at most 500 characters');
const rarity = z.enum(['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary']);
const position = z.enum(['Forward', 'Midfielder', 'Defender', 'Goalkeeper']);

const createOffer = z.strictObject({
  cardId: id,
  targetUser: z.string().trim().min(1, 'Please select a card and enter a target user').max(64),
  coinOffer: coins.default(0),
  requestedCardIds: z.array(id).max(10).default([]),
  requestedCoins: coins.default(0),
  note: note.default(''),
});

const offersQuery = z.strictObject({
  status: z
    .enum(['pending', 'accepted', 'declined', 'cancelled', 'voided', 'expired', 'all'])
    .default('pending'),
});

const createWish = z.strictObject({
  cardId: id,
  desiredRarity: rarity.nullish(),
  desiredPosition: position.nullish(),
  desiredTeamId: id.nullish(),
  minimumCoins: coins.nullish(),
  notes: note.nullish(),
});

const wishesQuery = z.strictObject({
  search: z.string().max(100).default(''),
  rarity: z.union([rarity, z.literal('')]).default(''),
  position: z.union([position, z.literal('')]).default(''),
  teamId: z.coerce.number().int().min(0).default(0),
  /** The owner's username ("user" filter); never an e-mail. */
  user: z.string().max(64).default(''),
  userId: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['newest', 'rarity', 'value_desc', 'value_asc']).default('newest'),
});

const offerForWish = z
  .strictObject({
    wishId: id,
    offerType: z.enum(['coins', 'card']),
    cardId: id.nullish(),
    coinAmount: z.number().nullish(),
    note: note.default(''),
  })
  .superRefine((body, ctx) => {
    // The spec's client-side messages, as the server's answer too.
    if (body.offerType === 'coins' && !(Number.isInteger(body.coinAmount) && body.coinAmount! > 0))
      ctx.addIssue({ code: 'custom', message: 'Invalid coin amount', path: [] });
    if (body.offerType === 'card' && !body.cardId)
      ctx.addIssue({ code: 'custom', message: 'No card selected', path: [] });
  });

const empty = z.strictObject({});

function query<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw invalid(describeIssue(result.error));
  return result.data;
}

/** Accepting waits on the whole saga (card and coin holds, then commits): longer than a plain call. */
const ACCEPT_TIMEOUT_MS = 20_000;

/** Trade offers and trade wishes (game-spec sections 2 and 7; design.md sections 4 and 7). */
export function tradeRoutes(clients: Clients): Router {
  const router = Router();
  const { trading, identity } = clients;

  /** Users are named by username (case-insensitive); banned users are not listed, so not found. */
  async function userIdOf(username: string): Promise<number | undefined> {
    const wanted = username.trim().toLowerCase();
    const { usernames } = await identity.ListUsernames({});
    return usernames.find((u) => u.username.toLowerCase() === wanted)?.id;
  }

  router.post(
    '/trades/create',
    validateBody(createOffer),
    route(async (req, res) => {
      const body = req.body as z.output<typeof createOffer>;
      const toUserId = await userIdOf(body.targetUser);
      if (!toUserId) throw notFound('User not found');
      const { offer } = await trading.CreateOffer({
        userId: req.session!.userId,
        toUserId,
        offeredCardIds: [body.cardId],
        offeredCoins: body.coinOffer,
        requestedCardIds: body.requestedCardIds,
        requestedCoins: body.requestedCoins,
        note: body.note,
        idempotencyKey: idempotencyKey(req),
      });
      res.status(201).json((await composeOffers(clients, [offer!]))[0]);
    }),
  );

  router.get(
    '/trades/incoming/count',
    route(async (req, res) => {
      query(empty, req);
      const { count } = await trading.CountIncomingPending({ userId: req.session!.userId });
      res.json({ count });
    }),
  );

  for (const direction of ['incoming', 'outgoing'] as const) {
    router.get(
      `/trades/${direction}`,
      route(async (req, res) => {
        const { status } = query(offersQuery, req);
        const request = { userId: req.session!.userId, status };
        const { offers } =
          direction === 'incoming'
            ? await trading.ListIncomingOffers(request)
            : await trading.ListOutgoingOffers(request);
        res.json(await composeOffers(clients, offers));
      }),
    );
  }

  router.post(
    '/trades/offer-for-wish',
    validateBody(offerForWish),
    route(async (req, res) => {
      const body = req.body as z.output<typeof offerForWish>;
      const { offer } = await trading.MakeOfferForWish({
        userId: req.session!.userId,
        wishId: body.wishId,
        offerType: body.offerType,
        cardId: body.offerType === 'card' ? body.cardId! : 0,
        coinAmount: body.offerType === 'coins' ? body.coinAmount! : 0,
        note: body.note,
        idempotencyKey: idempotencyKey(req),
      });
      res.status(201).json((await composeOffers(clients, [offer!]))[0]);
    }),
  );

  router.post(
    '/trades/:id/accept',
    validateBody(empty),
    route(async (req, res) => {
      const { offer } = await trading.AcceptOffer(
        { userId: req.session!.userId, offerId: idParam(req, 'id'), idempotencyKey: idempotencyKey(req) },
        { timeoutMs: ACCEPT_TIMEOUT_MS },
      );
      res.json((await composeOffers(clients, [offer!]))[0]);
    }),
  );

  router.post(
    '/trades/:id/decline',
    validateBody(empty),
    route(async (req, res) => {
      const { offer } = await trading.DeclineOffer({
        userId: req.session!.userId,
        offerId: idParam(req, 'id'),
        idempotencyKey: idempotencyKey(req),
      });
      res.json((await composeOffers(clients, [offer!]))[0]);
    }),
  );

  router.delete(
    '/trades/:id',
    route(async (req, res) => {
      const { offer } = await trading.CancelOffer({
        userId: req.session!.userId,
        offerId: idParam(req, 'id'),
        idempotencyKey: idempotencyKey(req),
      });
      res.json((await composeOffers(clients, [offer!]))[0]);
    }),
  );

  router.get(
    '/tradewishes',
    route(async (req, res) => {
      const q = query(wishesQuery, req);
      let ownerUserId = q.userId;
      if (q.user) {
        const found = await userIdOf(q.user);
        // An unknown user has no wishes; a user filter that contradicts userId matches nothing.
        if (!found || (ownerUserId && ownerUserId !== found)) {
          res.json([]);
          return;
        }
        ownerUserId = found;
      }
      const { wishes } = await trading.ListWishes({
        userId: req.session!.userId,
        search: q.search,
        rarity: q.rarity,
        position: q.position,
        teamId: q.teamId,
        ownerUserId,
        sort: q.sort,
      });
      res.json(await composeWishes(clients, wishes));
    }),
  );

  router.post(
    '/tradewishes',
    validateBody(createWish),
    route(async (req, res) => {
      const body = req.body as z.output<typeof createWish>;
      const { wish } = await trading.CreateWish({
        userId: req.session!.userId,
        cardId: body.cardId,
        desiredRarity: body.desiredRarity ?? '',
        desiredPosition: body.desiredPosition ?? '',
        desiredTeamId: body.desiredTeamId ?? 0,
        minimumCoins: body.minimumCoins ?? 0,
        notes: body.notes ?? '',
        idempotencyKey: idempotencyKey(req),
      });
      res.status(201).json((await composeWishes(clients, [wish!]))[0]);
    }),
  );

  router.delete(
    '/tradewishes/:id',
    route(async (req, res) => {
      const { wish } = await trading.CancelWish({
        userId: req.session!.userId,
        wishId: idParam(req, 'id'),
        idempotencyKey: idempotencyKey(req),
      });
      res.json((await composeWishes(clients, [wish!]))[0]);
    }),
  );

  return router;
}
