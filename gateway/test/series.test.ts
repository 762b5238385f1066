import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { series } from '../src/middleware/series';
import { listenLocally } from './support';

/** An app running `chain` as one layer ahead of a route; each handler notes its name as it runs. */
async function appWith(chain: (seen: string[]) => RequestHandler[]) {
  const seen: string[] = [];
  const app = express();
  app.use(series(...chain(seen)));
  app.use((_req, _res, next) => {
    seen.push('after');
    next();
  });
  app.get('/x', (_req, res) => res.json({ seen }));
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ seen, error: error.message });
  };
  app.use(onError);
  const server = await listenLocally(app);
  try {
    const res = await fetch(`${server.baseUrl}/x`);
    return { status: res.status, body: (await res.json()) as { seen: string[]; error?: string } };
  } finally {
    await server.close();
  }
}

const mark =
  (seen: string[], name: string): RequestHandler =>
  (_req, _res, next) => {
    seen.push(name);
    next();
  };

describe('series', () => {
  it('runs the handlers in order, then the layers after it', async () => {
    const { body } = await appWith((seen) => [mark(seen, 'a'), mark(seen, 'b'), mark(seen, 'c')]);
    expect(body.seen).toEqual(['a', 'b', 'c', 'after']);
  });

  it("next('route') goes on with the next handler, as after a layer of its own", async () => {
    const { body } = await appWith((seen) => [
      (_req, _res, next) => {
        seen.push('a');
        next('route');
      },
      mark(seen, 'b'),
    ]);
    expect(body.seen).toEqual(['a', 'b', 'after']);
  });

  it('an error passed on, thrown or rejected skips the rest and reaches the error handler', async () => {
    const passed = await appWith((seen) => [
      mark(seen, 'a'),
      (_req, _res, next) => next(new Error('passed')),
      mark(seen, 'b'),
    ]);
    expect(passed).toEqual({ status: 500, body: { seen: ['a'], error: 'passed' } });
    const thrown = await appWith((seen) => [
      () => {
        throw new Error('thrown');
      },
      mark(seen, 'b'),
    ]);
    expect(thrown).toEqual({ status: 500, body: { seen: [], error: 'thrown' } });
    const rejected = await appWith((seen) => [
      async () => {
        throw new Error('rejected');
      },
      mark(seen, 'b'),
    ]);
    expect(rejected).toEqual({ status: 500, body: { seen: [], error: 'rejected' } });
  });

  it('a handler that answers ends the request there', async () => {
    const { status, body } = await appWith((seen) => [
      mark(seen, 'a'),
      (_req, res) => {
        res.status(429).json({ seen: ['refused'] });
      },
      mark(seen, 'b'),
    ]);
    expect([status, body.seen]).toEqual([429, ['refused']]);
  });

  it('takes no error handler: it would be a layer of another kind', () => {
    const onError: ErrorRequestHandler = (_error, _req, _res, next) => next();
    expect(() => series(onError as unknown as RequestHandler)).toThrow('series() takes no error handlers');
  });
});
