import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { unavailable, type Logger } from '@touchline/kit';
import { errorHandler } from '../src/middleware/errors';

/** A gateway app whose one route throws `error`, logging into `lines`. */
function appThrowing(error: unknown, lines: Record<string, unknown>[]) {
  const at = (level: string) => (fields: object, msg: string) => lines.push({ level, msg, ...fields });
  const logger = { debug: at('debug'), warn: at('warn'), error: at('error') } as unknown as Logger;
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return app;
}

describe("the error handler's log", () => {
  it('logs a refusal with Retry-After at debug only (the metrics count it), without the stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const answer = await request(appThrowing(unavailable(), lines)).get('/boom');

    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBeDefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'debug', msg: 'request refused', path: '/boom', status: 503 });
    expect(lines[0]).not.toHaveProperty('err');
  });

  it('logs a fault as an error with its stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const answer = await request(appThrowing(new Error('disk on fire'), lines)).get('/boom');

    expect(answer.status).toBe(500);
    expect(answer.body).not.toHaveProperty('stack');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'request failed', status: 500 });
    expect((lines[0]!.err as { stack: string }).stack).toContain('disk on fire');
  });
});
