import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIdentity, uniqueEmail, PASSWORD, type StartedIdentity } from './support';
let identity: StartedIdentity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});
it('probe', async () => {
  for (let round = 0; round < 3; round++) {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        identity.client.Register({
          email: uniqueEmail(`mob${round}`),
          password: PASSWORD,
          idempotencyKey: '',
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    console.warn(
      round,
      failed.length,
      failed.map((f) => (f as PromiseRejectedResult).reason.details),
    );
  }
  expect(1).toBe(1);
});
