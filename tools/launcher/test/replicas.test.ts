import { describe, expect, it } from 'vitest';
import { replicaAddress, replicaCounts, replicaName, replicaPorts, replicasEnvName } from '../src/replicas';

const NAMES = ['identity', 'wallet-payments', 'cards-market', 'gateway'];

describe('replicas of the stack', () => {
  it('reads one count for all and overrides per process', () => {
    expect(replicasEnvName('cards-market')).toBe('STACK_REPLICAS_CARDS_MARKET');
    expect([...replicaCounts(NAMES, {})]).toEqual(NAMES.map((n) => [n, 1]));
    const counts = replicaCounts(NAMES, {
      STACK_REPLICAS: '2',
      STACK_REPLICAS_CARDS_MARKET: '3',
      STACK_REPLICAS_GATEWAY: ' 1 ',
    });
    expect(Object.fromEntries(counts)).toEqual({
      identity: 2,
      'wallet-payments': 2,
      'cards-market': 3,
      gateway: 1,
    });
  });

  it('names every bad count and every variable that names no process, in one message', () => {
    let message = '';
    try {
      replicaCounts(NAMES, {
        STACK_REPLICAS: '0',
        STACK_REPLICAS_CARDS_MARKET: 'two',
        STACK_REPLICAS_CARDS: '2',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STACK_REPLICAS: ');
    expect(message).toContain('STACK_REPLICAS_CARDS_MARKET');
    expect(message).toContain('STACK_REPLICAS_CARDS: no process');
    expect(() => replicaCounts(NAMES, { STACK_REPLICAS_IDENTITY: '9' })).toThrow(/at most 8/);
  });

  it('keeps the first replica of each service where a single stack had it, and puts the rest after', () => {
    const services = ['identity', 'wallet-payments', 'cards-market'];
    const counts = new Map([
      ['identity', 1],
      ['wallet-payments', 2],
      ['cards-market', 3],
    ]);
    const ports = replicaPorts(45100, services, counts, 2);
    expect(Object.fromEntries(ports.services)).toEqual({
      identity: [45100],
      'wallet-payments': [45101, 45104],
      'cards-market': [45102, 45105, 45108],
    });
    expect(ports.gateways).toEqual([45109, 45110]);
    const all = [...[...ports.services.values()].flat(), ...ports.gateways];
    expect(new Set(all).size).toBe(all.length);
    expect(replicaPorts(45100, services, counts, 1).gateways).toEqual([]);
    expect(() => replicaPorts(65530, services, counts, 1)).toThrow(/no room/);
    expect(replicaAddress([45102, 45105])).toBe('127.0.0.1:45102,127.0.0.1:45105');
  });

  it('names replicas apart only when there are several', () => {
    expect(replicaName('cards-market', 0, 1)).toBe('cards-market');
    expect(replicaName('cards-market', 1, 2)).toBe('cards-market#2');
  });
});
