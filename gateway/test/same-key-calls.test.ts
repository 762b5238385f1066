import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { api } from '@touchline/contract';
import { businessRule } from '@touchline/kit';
import { ContractRouter } from '../src/http/contract-router';
import { errorHandler } from '../src/middleware/errors';
import type { Session } from '../src/session';

/**
 * The trade decline route behind a handler the test releases by hand: each call of the handler is
 * one upstream operation. The user is the `x-user` header's (the session the gateway would load).
 */
function app(outcome: () => Promise<unknown>) {
  const calls: number[] = [];
  const arrived = { count: 0 };
  const router = new ContractRouter().add(api.trades.decline, (async ({
    params,
  }: {
    params: { id: number };
  }) => {
    calls.push(params.id);
    await outcome();
    return { status: 200, body: { declined: params.id, call: calls.length } };
  }) as never).router;
  const served = express();
  served.use(express.json());
  served.use((req, _res, next) => {
    req.session = { userId: Number(req.get('x-user') ?? 7), isAdmin: false } as Session;
    arrived.count += 1;
    next();
  });
  served.use('/api', router);
  served.use(errorHandler(pino({ level: 'silent' })));
  /**
   * Resolves once `n` requests have been read whole (bodies parsed): from there to the handler, or to
   * the copy in flight that a request joins, nothing waits on I/O, so one more turn of the loop is
   * enough. A fixed pause was not: on a loaded machine a copy arrived after the first had ended.
   */
  const allArrived = async (n: number) => {
    await expect.poll(() => arrived.count).toBeGreaterThanOrEqual(n);
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { served, calls, allArrived };
}

function released() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

const decline = (served: express.Express, id: number, key?: string, user = 7) => {
  const req = request(served).post(`/api/trades/${id}/decline`).set('x-user', String(user)).send({});
  return key ? req.set('Idempotency-Key', key) : req;
};

describe('copies of one operation in flight on one gateway', () => {
  it('share the first copy’s answer: one upstream call, one outcome', async () => {
    const { gate, release } = released();
    const { served, calls, allArrived } = app(() => gate);
    const copies = [decline(served, 5, 'double-click'), decline(served, 5, 'double-click')];
    const sent = copies.map((c) => c.then((r) => r));
    await allArrived(2);
    release();
    const [a, b] = await Promise.all(sent);
    expect(calls).toEqual([5]);
    expect(a!.status).toBe(200);
    expect(b!.body).toEqual(a!.body);
  });

  it('share a refusal too, so one key never gets two reasons', async () => {
    let refusals = 0;
    const { gate, release } = released();
    const { served, calls, allArrived } = app(async () => {
      await gate;
      refusals += 1;
      throw businessRule(`refused ${refusals}`);
    });
    const sent = [decline(served, 6, 'k'), decline(served, 6, 'k')].map((c) => c.then((r) => r));
    await allArrived(2);
    release();
    const [a, b] = await Promise.all(sent);
    expect(calls).toHaveLength(1);
    expect(a!.status).toBe(422);
    expect(b!.status).toBe(422);
    expect(b!.body).toEqual({ message: 'refused 1' });
    expect(a!.body).toEqual(b!.body);
  });

  it('run on their own without a key, with another request, for another user, or once the first ended', async () => {
    const { gate, release } = released();
    const { served, calls, allArrived } = app(() => gate);
    const sent = [
      decline(served, 1),
      decline(served, 1),
      decline(served, 2, 'same'),
      decline(served, 3, 'same'),
      decline(served, 2, 'same', 8),
    ].map((c) => c.then((r) => r));
    await allArrived(5);
    release();
    await Promise.all(sent);
    expect(calls.sort()).toEqual([1, 1, 2, 2, 3]);
    const retry = await decline(served, 2, 'same');
    expect(retry.status).toBe(200);
    expect(calls).toHaveLength(6);
  });
});
