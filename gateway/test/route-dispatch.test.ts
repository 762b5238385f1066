import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { api } from '@touchline/contract';
import { ContractRouter } from '../src/http/contract-router';
import { dispatchToRouters } from '../src/http/route-dispatch';
import type { Session } from '../src/session';

/**
 * Three contract routers mounted as the gateway mounts its own: each records the requests that walk
 * through it to its end (a router-level layer after its routes), as every earlier router's layers
 * were walked before the dispatch.
 */
function app() {
  const walked: string[] = [];
  const routerOf = (name: string, add: (r: ContractRouter) => ContractRouter) => {
    const { router } = add(new ContractRouter());
    router.use((req, _res, next) => {
      walked.push(`${name} ${req.method} ${req.path}`);
      next();
    });
    return router;
  };
  const answer = (marker: string) => async () => ({ status: 200, body: { marker } }) as never;
  const first = routerOf('first', (r) => r.add(api.notifications.unreadCount, answer('unread')));
  const second = routerOf('second', (r) =>
    r.add(api.trades.decline, (async ({ params }: { params: { id: number } }) => ({
      status: 200,
      body: { marker: 'decline', id: params.id },
    })) as never),
  );
  const third = routerOf('third', (r) => r.add(api.user.balance, answer('balance')));
  const apiRouter = express.Router();
  apiRouter.use(express.json());
  apiRouter.use((req, _res, next) => {
    req.session = { userId: 7, isAdmin: false } as Session;
    next();
  });
  apiRouter.use(dispatchToRouters([first, second, third]));
  apiRouter.use((req, res) => {
    res.status(404).json({ message: `Not found: ${req.path}` });
  });
  const server = express();
  server.use('/api', apiRouter);
  server.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ message: error.message });
  });
  return { server, walked };
}

describe('dispatchToRouters', () => {
  it('hands a request to the router that declares it, past the routers before it', async () => {
    const { server, walked } = app();
    const res = await request(server).get('/api/user/balance');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marker: 'balance' });
    expect(walked).toEqual([]);
  });

  it("matches a route's parameters, and paths as express does (any case, one trailing slash)", async () => {
    const { server, walked } = app();
    const decline = await request(server).post('/api/trades/42/decline').send({});
    expect(decline.body).toEqual({ marker: 'decline', id: 42 });
    const loose = await request(server).get('/api/USER/Balance/');
    expect(loose.body).toEqual({ marker: 'balance' });
    expect(walked).toEqual([]);
  });

  it('walks every router for a request none declares, and answers what followed them', async () => {
    const { server, walked } = app();
    const res = await request(server).get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(walked).toEqual([
      'first GET /nothing/here',
      'second GET /nothing/here',
      'third GET /nothing/here',
    ]);
  });

  it("sends the chosen router's error to the error handlers, not to the routers after it", async () => {
    const { server, walked } = app();
    const refused = await request(server).post('/api/trades/abc/decline').send({});
    expect(refused.body.message).toMatch(/id/);
    expect(walked).toEqual([]);
  });

  it('lets every router see a method that no route declares for the path', async () => {
    const { server, walked } = app();
    const res = await request(server).put('/api/user/balance').send({});
    expect(res.status).toBe(404);
    expect(walked).toEqual([
      'first PUT /user/balance',
      'second PUT /user/balance',
      'third PUT /user/balance',
    ]);
  });
});
