import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  addrEnvName,
  baseConfigSchema,
  booleanFromEnv,
  ConfigError,
  loadConfig,
  loadPeerAddrs,
  optionalEnv,
} from '../src/config';

/** Runs fn, expecting a ConfigError, and returns its message. */
function configErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError, nothing was thrown');
}

describe('loadConfig', () => {
  it('names every wrong or missing variable in one error', () => {
    const schema = baseConfigSchema.extend({
      JWT_SECRET: z.string().min(32),
      SMTP_PORT: z.coerce.number().int(),
    });
    const message = configErrorOf(() =>
      loadConfig(schema, {
        NODE_ENV: 'staging',
        LOG_LEVEL: 'loud',
        GRPC_PORT: '70000',
        SHUTDOWN_TIMEOUT_MS: '-5',
        DATABASE_URL: 'mysql://localhost/touchline',
        REDIS_URL: 'not a url',
        SMTP_PORT: 'twenty-five',
      }),
    );
    for (const name of [
      'NODE_ENV',
      'LOG_LEVEL',
      'GRPC_PORT',
      'SHUTDOWN_TIMEOUT_MS',
      'DATABASE_URL',
      'REDIS_URL',
      'JWT_SECRET',
      'SMTP_PORT',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).toMatch(/JWT_SECRET: .*\(not set\)/);
    expect(message).not.toMatch(/SMTP_PORT: .*\(not set\)/);
  });

  it('does not name variables that are fine', () => {
    const message = configErrorOf(() =>
      loadConfig(baseConfigSchema, { GRPC_PORT: 'abc', LOG_LEVEL: 'debug', NODE_ENV: 'test' }),
    );
    expect(message).toContain('GRPC_PORT');
    expect(message).not.toContain('LOG_LEVEL');
    expect(message).not.toContain('NODE_ENV');
  });

  it('never echoes the offending values (they may be secrets)', () => {
    const message = configErrorOf(() =>
      loadConfig(baseConfigSchema, { DATABASE_URL: 'mysql://admin:hunter2@db.internal/touchline' }),
    );
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('hunter2');
  });

  it('applies the defaults to an empty environment', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: '.data',
      GRPC_PORT: 50051,
      GRPC_HOST: '0.0.0.0',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      HEALTH_CHECK_INTERVAL_MS: 2_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('coerces numbers and keeps valid values', () => {
    const config = loadConfig(baseConfigSchema, {
      NODE_ENV: 'production',
      GRPC_PORT: '0',
      SHUTDOWN_TIMEOUT_MS: '250',
      DATABASE_URL: 'postgresql://app@db:5432/touchline',
      REDIS_URL: 'rediss://cache:6380',
      KAFKA_BROKERS: ' kafka-0:9092,kafka-1:9092 ',
    });
    expect(config.NODE_ENV).toBe('production');
    expect(config.GRPC_PORT).toBe(0);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(250);
    expect(config.DATABASE_URL).toBe('postgresql://app@db:5432/touchline');
    expect(config.REDIS_URL).toBe('rediss://cache:6380');
    expect(config.KAFKA_BROKERS).toBe('kafka-0:9092,kafka-1:9092');
  });

  it('treats empty optional URLs as unset, as compose files leave them', () => {
    const config = loadConfig(baseConfigSchema, { DATABASE_URL: '', REDIS_URL: '  ', KAFKA_BROKERS: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toBeUndefined();
  });
});

describe('loadPeerAddrs', () => {
  it('derives the variable name from the peer name', () => {
    expect(addrEnvName('cards-market')).toBe('CARDS_MARKET_ADDR');
    expect(addrEnvName('wallet-payments')).toBe('WALLET_PAYMENTS_ADDR');
    expect(addrEnvName('identity')).toBe('IDENTITY_ADDR');
  });

  it('reads one host:port per peer, keyed by peer name', () => {
    const peers = loadPeerAddrs(['cards-market', 'identity'], {
      CARDS_MARKET_ADDR: 'cards-market.touchline.svc:50051',
      IDENTITY_ADDR: '127.0.0.1:50052',
    });
    expect(peers).toEqual({
      'cards-market': 'cards-market.touchline.svc:50051',
      identity: '127.0.0.1:50052',
    });
  });

  it('names every missing peer address in one error', () => {
    const message = configErrorOf(() =>
      loadPeerAddrs(['cards-market', 'wallet-payments', 'identity'], { IDENTITY_ADDR: 'identity:50051' }),
    );
    expect(message).toContain('CARDS_MARKET_ADDR');
    expect(message).toContain('WALLET_PAYMENTS_ADDR');
    expect(message).not.toContain('IDENTITY_ADDR');
  });

  it.each([
    'identity',
    'identity:',
    ':50051',
    'http://identity:50051',
    'identity:port',
    'identity :50051',
    '',
  ])('rejects %j as an address', (value) => {
    const message = configErrorOf(() => loadPeerAddrs(['identity'], { IDENTITY_ADDR: value }));
    expect(message).toContain('IDENTITY_ADDR');
  });

  it('takes a list of replicas, reached round-robin, and keeps a single address as it is', () => {
    const peers = loadPeerAddrs(['cards-market', 'identity'], {
      CARDS_MARKET_ADDR: '127.0.0.1:45102, 127.0.0.1:45110',
      IDENTITY_ADDR: 'identity.touchline.svc:50051',
    });
    expect(peers).toEqual({
      'cards-market': '127.0.0.1:45102,127.0.0.1:45110',
      identity: 'identity.touchline.svc:50051',
    });
  });

  it.each([
    ['127.0.0.1:45102,', 'expected host:port'],
    ['127.0.0.1:45102,cards-market:50051', 'IPv4 addresses'],
    ['127.0.0.1:45102,127.0.0.300:1', 'IPv4 addresses'],
    ['127.0.0.1:45102,127.0.0.1:70000', 'at most 65535'],
    ['127.0.0.1:45102,127.0.0.1:45102', 'appears twice'],
  ])('rejects the list %j at start-up', (value, problem) => {
    const message = configErrorOf(() => loadPeerAddrs(['cards-market'], { CARDS_MARKET_ADDR: value }));
    expect(message).toContain('CARDS_MARKET_ADDR');
    expect(message).toContain(problem);
  });

  it('needs nothing when there are no peers', () => {
    expect(loadPeerAddrs([], {})).toEqual({});
  });
});

describe('optionalEnv', () => {
  const schema = z.object({ PRICE_TICK_MS: optionalEnv(z.coerce.number().int().positive()) });

  it('treats an empty or blank value as unset', () => {
    expect(loadConfig(schema, { PRICE_TICK_MS: '' }).PRICE_TICK_MS).toBeUndefined();
    expect(loadConfig(schema, { PRICE_TICK_MS: '   ' }).PRICE_TICK_MS).toBeUndefined();
    expect(loadConfig(schema, {}).PRICE_TICK_MS).toBeUndefined();
  });

  it('still validates a value that is set', () => {
    expect(loadConfig(schema, { PRICE_TICK_MS: '1500' }).PRICE_TICK_MS).toBe(1500);
    expect(configErrorOf(() => loadConfig(schema, { PRICE_TICK_MS: 'soon' }))).toContain('PRICE_TICK_MS');
  });
});

describe('booleanFromEnv', () => {
  const schema = z.object({ FLAG: booleanFromEnv });

  it('reads the usual spellings', () => {
    for (const value of ['true', '1', 'yes']) expect(loadConfig(schema, { FLAG: value }).FLAG).toBe(true);
    for (const value of ['false', '0', 'no', ''])
      expect(loadConfig(schema, { FLAG: value }).FLAG).toBe(false);
    expect(loadConfig(schema, {}).FLAG).toBe(false);
  });

  it('rejects anything else', () => {
    expect(configErrorOf(() => loadConfig(schema, { FLAG: 'maybe' }))).toContain('FLAG');
  });
});
