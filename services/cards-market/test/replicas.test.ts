/**
 * Two replicas of cards-market on one database, each with its own bus as Kafka gives each replica
 * its share of the consumers' partitions, and every replica's listener group every event: a price
 * tick claimed by one is seen in the other's answers at once, not a TTL later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient } from '@touchline/kit';
import { createTestDatabase, type TestDatabase } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { replicaClock, startTwoReplicas, tickOnReplicaZero, type Replica } from './replicas-support';

const clock = replicaClock();

type Client = ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;

let database: TestDatabase;
const replicas: Replica[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  database = await createTestDatabase('cards_market', { sharedPglite: true });
  replicas.push(...(await startTwoReplicas(database, clock)));
  for (const r of replicas)
    clients.push(
      createPromiseClient<CardsMarketDefinition>(SERVICES['cards-market'].definition(), r.service.address, {
        defaultTimeoutMs: 20_000,
      }),
    );
});

afterAll(async () => {
  for (const c of clients) c.close();
  for (const r of replicas) await r.service.shutdown();
  await database?.close();
});

const prices = async (client: Client) =>
  new Map((await client.ListAllPlayers({})).players.map((p) => [Number(p.id), Number(p.currentPrice)]));

describe('two replicas of cards-market', () => {
  it('answers a tick claimed by the other replica with the new prices once it hears the tick', async () => {
    // Replica 1 has its players in memory; the fixed clock never lets their TTL run out.
    const before = await prices(clients[1]!);
    expect(before.size).toBe(858);

    // The tick's event leaves replica 0's outbox and (as Kafka would) reaches replica 1's listeners.
    const stored = await tickOnReplicaZero(database, clock, replicas, 20_000);
    const moved = [...stored].filter(([id, price]) => before.get(id) !== price);
    expect(moved.length).toBeGreaterThan(0);
    expect(await prices(clients[1]!)).toEqual(stored);
    expect(await prices(clients[0]!)).toEqual(stored);
  });
});
