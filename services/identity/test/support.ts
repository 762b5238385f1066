import { randomUUID } from 'node:crypto';
import { createPromiseClient, type Clock } from '@touchline/kit';
import { startTestService, type TestService } from '@touchline/kit/testing';
import { decodeEvent, SERVICES, type EventOutput, type Topic } from '@touchline/protos';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';
import { identityService } from '../src/service';

export const ADMIN_EMAIL = 'boss@example.com';
export const PASSWORD = 'correct horse battery';

export type IdentityClient = ReturnType<typeof createPromiseClient<IdentityDefinition>>;

export interface StartedIdentity {
  test: TestService;
  client: IdentityClient;
  stop(): Promise<void>;
}

/** One real identity service (gRPC on a loopback port, its own database) and a client for it. */
export async function startIdentity(
  options: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<StartedIdentity> {
  const test = await startTestService(identityService, {
    env: { ADMIN_EMAILS: ADMIN_EMAIL, ...options.env },
    clock: options.clock,
  });
  const client = createPromiseClient<IdentityDefinition>(
    SERVICES.identity.definition(),
    test.service.address,
  );
  return {
    test,
    client,
    async stop() {
      client.close();
      await test.stop();
    },
  };
}

/** An address no other test of the file uses, with the given local part. */
export function uniqueEmail(local: string): string {
  return `${local}@${randomUUID().slice(0, 8)}.example.com`;
}

/** The events of one topic in the service's outbox, decoded, oldest first. */
export async function outboxEvents<T extends Topic>(
  test: TestService,
  topic: T,
  key?: string,
): Promise<EventOutput<T>[]> {
  const rows = (await test.database
    .db('outbox')
    .where(key === undefined ? { topic } : { topic, key })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((row) => decodeEvent(topic, row.payload));
}
