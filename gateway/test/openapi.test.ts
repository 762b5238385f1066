import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { allRoutes, api, openApiPath } from '@touchline/contract';
import { silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients } from '../src/clients';
import { ContractRouter } from '../src/http/contract-router';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { documentedRoutes, servedRoutes } from './routes-inventory';
import { gatewayConfig, UNREACHABLE } from './support';

/** The gateway's app with every upstream unreachable: enough to list its routes and serve the document. */
function gatewayApp() {
  const addresses = Object.fromEntries(UPSTREAMS.map((name) => [name, UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  const clients = createClients(addresses, { defaultTimeoutMs: 1_000 });
  const app = createApp({
    config: gatewayConfig(),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  return { app, close: () => closeClients(clients) };
}

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

describe('GET /api/openapi.json', () => {
  it('is served without a session: OpenAPI 3.1 with every route of the contract', async () => {
    const { app, close } = gatewayApp();
    try {
      const res = await request(app).get('/api/openapi.json');
      expect(res.status).toBe(200);
      const document = res.body as Document;
      expect(document.openapi).toBe('3.1.0');
      expect(documentedRoutes(document)).toHaveLength(allRoutes.length);
      const buy = document.paths[openApiPath(api.market.buy.path)]!.post!;
      expect(Object.keys(buy.responses)).toEqual(
        expect.arrayContaining(['200', '202', '400', '401', '409', '422', '429', '503']),
      );
      // A read may be shed per client too: 429 with Retry-After.
      const listings = document.paths[openApiPath(api.market.listings.path)]!.get!;
      expect(listings.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.anything() } });
      const stream = document.paths['/api/notifications/stream']!.get!;
      expect(Object.keys(stream.responses['200'] as object)).toContain('content');
      expect(Object.keys((stream.responses['200'] as { content: object }).content)).toEqual([
        'text/event-stream',
      ]);
      // A suspended account's refusal names where to appeal (issue 43, item 7).
      const login = document.paths['/api/login']!.post!;
      expect(login.responses['403']).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SignInRefused' } } },
      });
      const refused = (document as unknown as { components: { schemas: Record<string, unknown> } }).components
        .schemas.SignInRefused;
      expect(refused).toMatchObject({
        properties: { message: { type: 'string' }, appealEmail: { type: 'string' } },
      });
      const register = document.paths['/api/register']!.post!;
      expect(register.responses['201']).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
      });
    } finally {
      close();
    }
  });

  it('lists every status a route declares, 503 with Retry-After on every route, 504 on changes only', async () => {
    const { app, close } = gatewayApp();
    try {
      const document = (await request(app).get('/api/openapi.json')).body as Document;
      for (const route of allRoutes) {
        const operation = document.paths[openApiPath(route.path)]![route.method]!;
        for (const status of Object.keys(route.responses)) expect(operation.responses).toHaveProperty(status);
        expect(operation.responses['503']).toMatchObject({ headers: { 'Retry-After': expect.anything() } });
        // Overload is a refusal, never a timeout: a read's upstream deadline answers 503.
        expect(Object.hasOwn(operation.responses, '504')).toBe(route.method !== 'get');
      }
    } finally {
      close();
    }
  });
});

describe('the routes express serves are the routes the document lists', () => {
  it('no /api route without a contract entry, and no contract entry without a route', async () => {
    const { app, close } = gatewayApp();
    try {
      const document = (await request(app).get('/api/openapi.json')).body as Document;
      const served = servedRoutes(app).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
      expect(served).toEqual(documentedRoutes(document));
    } finally {
      close();
    }
  });

  it('the inventory finds a route added by hand, outside the contract', () => {
    const app = express();
    const router = express.Router();
    router.get('/user', (_req, res) => res.json({}));
    router.post('/secret/:id', (_req, res) => res.json({}));
    app.use('/api', router);
    const document = { paths: { '/api/user': { get: {} } } };
    const served = servedRoutes(app);
    expect(served).toEqual(['GET /api/user', 'POST /api/secret/:id']);
    expect(served.filter((r) => !documentedRoutes(document).includes(r))).toEqual(['POST /api/secret/:id']);
  });
});

describe('a contract route for signed-in users', () => {
  it('answers 401 without a session even when mounted ahead of requireSession', async () => {
    const app = express();
    app.use(
      '/api',
      new ContractRouter().add(api.user.balance, async () => ({ status: 200, body: { coins: 1 } })).router,
    );
    const res = await request(app).get('/api/user/balance');
    expect([res.status, res.body]).toEqual([401, { message: 'Not signed in' }]);
  });
});
