import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { Namespace, Root, Type, type ReflectionObject } from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { PROTO_ROOT, protoRoot } from '../src/loader';
import { SERVICES, SERVICE_NAMES, type ServiceName } from '../src/services';

const EXPECTED: Record<ServiceName, string[]> = {
  identity: ['Register', 'Login', 'GetJwks', 'SetBanned'],
  'cards-market': [
    'ListTeams',
    'GetCatalog',
    'MintCards',
    'GetStarterPack',
    'ListMarket',
    'BuyCard',
    'GetMarketStatus',
    'GetPriceHistory',
    'PurchasePack',
    'HoldCards',
    'CommitCardHold',
    'VoidCardHold',
    'TransferToShop',
  ],
  trading: ['CreateOffer', 'AcceptOffer', 'ListWishes', 'MakeOfferForWish', 'ListTradeHistory'],
  missions: ['ListMissions', 'ListCompletedMissions', 'ClaimMission', 'GetUserBadges', 'ListBadges'],
  matchday: ['GetMatchday', 'SetLineup', 'GetStandings', 'ListLineupHistory'],
  'wallet-payments': [
    'GetBalance',
    'Grant',
    'Transfer',
    'Hold',
    'CommitHold',
    'VoidHold',
    'HandleStripeWebhook',
    'RedeemPromo',
    'SetCashoutStatus',
    'GetAdminWallet',
  ],
  admin: ['ListUsers', 'SetBanned', 'SetMuted', 'ListCashouts', 'TransferToShop', 'ListAuditLog'],
  leaderboard: ['GetTop', 'GetUserStats', 'GetUsersStats'],
  notifications: ['ListNotifications', 'MarkAllRead', 'GetUnreadCount', 'Replay', 'Live'],
};

describe('SERVICES', () => {
  it('lists the eight services', () => {
    expect([...SERVICE_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(SERVICE_NAMES)('%s loads with the expected methods', (name) => {
    const entry = SERVICES[name];
    const definition = entry.definition();
    expect(Object.keys(definition)).toEqual(expect.arrayContaining(EXPECTED[name]));
    for (const method of Object.values(definition)) {
      expect(method.path.startsWith(`/${entry.serviceName}/`)).toBe(true);
    }
    expect(entry.addrEnv).toMatch(/^[A-Z_]+_ADDR$/);
  });

  it('names each address variable after the service', () => {
    for (const name of SERVICE_NAMES) {
      expect(SERVICES[name].addrEnv).toBe(`${name.toUpperCase().replace(/-/g, '_')}_ADDR`);
    }
  });

  it('marks Live as server streaming', () => {
    const live = SERVICES.notifications.definition().Live;
    expect(live.responseStream).toBe(true);
    expect(live.requestStream).toBe(false);
  });

  it('builds each definition once', () => {
    expect(SERVICES['wallet-payments'].definition()).toBe(SERVICES['wallet-payments'].definition());
  });

  it.each(SERVICE_NAMES)(
    '%s: the definition equals what @grpc/proto-loader makes of the .proto file (so protos/gen is not stale)',
    (name) => {
      const entry = SERVICES[name];
      const fromProto = grpc.loadPackageDefinition(
        protoLoader.loadSync(entry.protoFile, {
          keepCase: false,
          longs: Number,
          enums: String,
          defaults: true,
          oneofs: true,
          includeDirs: [PROTO_ROOT],
        }),
      );
      const [pkg, ns, service] = entry.serviceName.split('.') as [string, string, string];
      const expected = (fromProto[pkg] as grpc.GrpcObject)[ns] as grpc.GrpcObject;
      const reference = (expected[service] as grpc.ServiceClientConstructor).service;
      const ours = entry.definition() as grpc.ServiceDefinition;
      expect(Object.keys(ours).sort()).toEqual(Object.keys(reference).sort());
      for (const [method, def] of Object.entries(reference)) {
        const mine = ours[method]!;
        expect([mine.path, mine.requestStream, mine.responseStream, mine.originalName]).toEqual([
          def.path,
          def.requestStream,
          def.responseStream,
          def.originalName,
        ]);
        // Both ways over the wire, with every field at its default: the same objects. (Not the same
        // bytes: protobufjs 8, ours, leaves proto3 fields at their defaults off the wire, where
        // proto-loader's protobufjs 7 writes the ones present on the object.)
        const request = def.requestDeserialize(Buffer.alloc(0));
        expect(def.requestDeserialize(mine.requestSerialize(request))).toEqual(request);
        expect(mine.requestDeserialize(def.requestSerialize(request))).toEqual(request);
        const response = def.responseDeserialize(Buffer.alloc(0));
        expect(mine.responseDeserialize(def.responseSerialize(response))).toEqual(response);
      }
    },
  );

  it('serializes int64 as numbers with the shared loader options', () => {
    const { Transfer } = SERVICES['wallet-payments'].definition();
    const bytes = Transfer.requestSerialize({
      idempotencyKey: 'k',
      fromAccount: 'user:1',
      amount: 5_000_000_001,
    });
    const back = Transfer.requestDeserialize(bytes);
    expect(back.amount).toBe(5_000_000_001);
    expect(back.toAccount).toBe('');
  });
});

describe('mutating RPCs', () => {
  // common.proto: every mutating RPC carries an idempotency key (holds use their hold_key as one).
  const READS = /^(Get|List|Count|Verify|Replay|Live)/;
  // Stripe retries webhooks with the same event id, which is the key there.
  const KEYED_ELSEWHERE = new Set(['HandleStripeWebhook']);
  // The request names the state it sets (a star, an alert by direction and threshold), so a retry
  // is the same request and changes nothing more.
  const IDEMPOTENT_BY_CONTENT = new Set([
    'WatchPlayer',
    'UnwatchPlayer',
    'SetPriceAlert',
    'RemovePriceAlert',
    // A challenge's new start and end, or its retirement (the admin service's calls carry the key).
    'ScheduleChallenge',
    'RetireChallenge',
  ]);

  it.each(SERVICE_NAMES.filter((n) => n !== 'identity'))('%s carry an idempotency key', (name) => {
    const missing: string[] = [];
    const service = protoRoot().lookupService(SERVICES[name].serviceName);
    for (const method of service.methodsArray) {
      if (
        READS.test(method.name) ||
        KEYED_ELSEWHERE.has(method.name) ||
        IDEMPOTENT_BY_CONTENT.has(method.name)
      )
        continue;
      const fields = method.resolvedRequestType!.fieldsArray.map((field) => field.name);
      if (!fields.some((f) => f === 'idempotencyKey' || f === 'holdKey')) missing.push(method.name);
    }
    expect(missing).toEqual([]);
  });
});

describe('proto field names', () => {
  // proto-loader leaves "_<digit>" in camelCased names (change_24h stays change_24h), which makes
  // awkward TypeScript keys; every field should camelCase cleanly.
  it('camelCase without leftover underscores', () => {
    const root = new Root();
    root.resolvePath = (_origin, target) =>
      path.isAbsolute(target) ? target : path.join(PROTO_ROOT, target);
    const files = readdirSync(path.join(PROTO_ROOT, 'touchline')).filter((f) => f.endsWith('.proto'));
    root.loadSync(
      files.map((f) => `touchline/${f}`),
      { keepCase: false },
    );
    const bad: string[] = [];
    const walk = (ns: ReflectionObject) => {
      if (ns instanceof Type) {
        for (const field of ns.fieldsArray)
          if (field.name.includes('_')) bad.push(`${ns.fullName}.${field.name}`);
      }
      if (ns instanceof Namespace) ns.nestedArray.forEach(walk);
    };
    walk(root);
    expect(bad).toEqual([]);
  });
});
