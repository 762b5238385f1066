import { describe, expect, it } from 'vitest';
import { UPSTREAMS } from '@touchline/gateway';
import { SERVICE_MODULES } from '../src/services';
import { buildTopology, GATEWAY, touchlineTopology } from '../src/topology';

const declared = (name: string, peers: string[] = []) => ({
  name,
  schema: name,
  grpcServiceName: `t.${name}`,
  peers,
});

describe('topology (who calls whom)', () => {
  const topology = touchlineTopology();
  const names = SERVICE_MODULES.map((m) => m.name);

  it('lists every service once, with the peers its module declares', () => {
    expect(topology.services.map((s) => s.name)).toEqual(names);
    for (const module of SERVICE_MODULES)
      expect(topology.services.find((s) => s.name === module.name)?.peers).toEqual(
        [...(module.peers ?? [])].sort(),
      );
  });

  it('every peer is a service, and nobody calls itself', () => {
    for (const service of topology.services)
      for (const peer of service.peers) {
        expect(names).toContain(peer);
        expect(peer).not.toBe(service.name);
      }
    for (const peer of topology.gateway.peers) expect(names).toContain(peer);
  });

  it('the gateway calls every service, so every service has the gateway among its callers', () => {
    expect(topology.gateway.peers).toEqual([...UPSTREAMS].sort());
    expect(topology.gateway.peers).toEqual([...names].sort());
    for (const service of topology.services) expect(service.callers).toContain(GATEWAY);
  });

  it('callers are exactly the services that name it as a peer, plus the gateway', () => {
    for (const service of topology.services) {
      const expected = topology.services.filter((s) => s.peers.includes(service.name)).map((s) => s.name);
      expect(service.callers).toEqual([...expected, GATEWAY].sort());
      // And the other way round: every caller lists this service among its peers.
      for (const caller of service.callers) {
        const peers =
          caller === GATEWAY
            ? topology.gateway.peers
            : topology.services.find((s) => s.name === caller)!.peers;
        expect(peers).toContain(service.name);
      }
    }
  });

  it('knows what the code calls today (a changed declaration shows up here)', () => {
    const callers = Object.fromEntries(topology.services.map((s) => [s.name, s.callers]));
    expect(callers['wallet-payments']).toEqual([
      'admin',
      'cards-market',
      'gateway',
      'matchday',
      'missions',
      'trading',
    ]);
    expect(callers['cards-market']).toEqual([
      'admin',
      'gateway',
      'matchday',
      'missions',
      'trading',
      'wallet-payments',
    ]);
    expect(callers.matchday).toEqual(['admin', 'gateway']);
    expect(callers.identity).toEqual(['admin', 'gateway', 'notifications', 'trading']);
    expect(callers.leaderboard).toEqual(['admin', 'gateway']);
    expect(callers.trading).toEqual(['admin', 'gateway']);
  });

  it('refuses a peer that is no service, a service calling itself and a gateway upstream that is no service', () => {
    expect(() => buildTopology([declared('a', ['b'])], [])).toThrow(
      'a declares the peer "b", which is no service',
    );
    expect(() => buildTopology([declared('a', ['a'])], [])).toThrow('a declares itself as a peer');
    expect(() => buildTopology([declared('a')], ['x'])).toThrow('gateway declares the peer "x"');
    expect(() => buildTopology([declared('a'), declared('a')], [])).toThrow('two services share a name');
  });

  it('derives callers from peers', () => {
    expect(buildTopology([declared('a', ['b']), declared('b'), declared('c', ['b'])], ['a'])).toEqual({
      gateway: { peers: ['a'] },
      services: [
        { ...declared('a', ['b']), callers: ['gateway'] },
        { ...declared('b'), callers: ['a', 'c'] },
        { ...declared('c', ['b']), callers: [] },
      ],
    });
  });
});
