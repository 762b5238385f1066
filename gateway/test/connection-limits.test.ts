import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { systemRandom } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { startGateway, type RunningGateway } from '../src';
import { addressKey } from '../src/middleware/connection-limits';
import { SERVER_FULL, TOO_MANY_CONNECTIONS } from '../src/middleware/shedding';
import { connectionCap, openFileLimit, RESERVED_FILES } from '../src/http/open-files';
import { openEventStream } from './sse-client';
import { gatewayConfig, startLiveUpstreams, upstreamAddresses, type LiveUpstreams } from './support';

/**
 * Issue 40, finding 1: one client opened 20,000 connections and sent a request line and one header
 * without the final CRLF; the gateway ran out of file descriptors and a victim's new connections
 * failed until the attacker let go (10,000 were still open after 14 s). Connections are now capped
 * per peer address and in total, and a request's head has HEADERS_TIMEOUT_MS to arrive.
 */

let gateway: RunningGateway | undefined;
let live: LiveUpstreams | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await live?.stop();
  live = undefined;
});

async function serve(config: Record<string, string>, addresses = upstreamAddresses({})) {
  gateway = await startGateway(
    // No proxy: the peer address is the client's.
    gatewayConfig({ PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: '0', ...config }),
    addresses,
    silentLogger,
  );
  return gateway.port;
}

/** A client's connection, as the server treats it: what it answered, and whether it closed it. */
interface Held {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
  isClosed: () => boolean;
}

async function hold(port: number, from: string, send: string): Promise<Held> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  if (send) socket.write(send);
  return { socket, received: () => received, closed, isClosed: () => isClosed };
}

/** A request line and one header, never the blank line that ends the head. */
const HALF_OPEN = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n';

async function healthzFrom(port: number, from: string): Promise<string> {
  const client = await hold(
    port,
    from,
    'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  );
  await client.closed;
  return client.received();
}

describe('connections per client address and in total (issue 40, finding 1)', () => {
  it('one address holding half-open connections is capped, others are served, and the held ones time out', async () => {
    const port = await serve({
      CONNECTIONS_PER_ADDRESS: '50',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
    });
    const attacker: Held[] = [];
    // 290 that stop inside the head, 10 that send nothing at all.
    for (let i = 0; i < 300; i++)
      attacker.push(await hold(port, '127.0.0.2', i % 30 === 29 ? '' : HALF_OPEN));
    const accepted = attacker.slice(0, 50);
    const refused = attacker.slice(50);
    await Promise.all(refused.map((c) => c.closed));
    for (const c of refused) expect(c.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused[0]!.received()).toContain(JSON.stringify({ message: TOO_MANY_CONNECTIONS }));
    expect(refused[0]!.received()).toMatch(/\r\nRetry-After: \d+\r\n/);

    // Another client, while the attacker holds its 50.
    expect(accepted.filter((c) => c.isClosed())).toEqual([]);
    expect(await healthzFrom(port, '127.0.0.1')).toMatch(/^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);

    // The held ones are closed by the head's deadline, with a 408 for those that began a request.
    await Promise.all(accepted.map((c) => c.closed));
    for (const c of accepted.filter((_, i) => i % 30 !== 29))
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The address got its room back.
    expect(await healthzFrom(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('past the total cap the newest connection is refused, never an established one', async () => {
    const port = await serve({
      CONNECTIONS_PER_ADDRESS: '1000',
      CONNECTIONS_MAX: '40',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
    });
    const established: Held[] = [];
    for (let i = 0; i < 40; i++) established.push(await hold(port, `127.0.0.${3 + (i % 4)}`, HALF_OPEN));
    const refused = await healthzFrom(port, '127.0.0.1');
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toContain(JSON.stringify({ message: SERVER_FULL }));
    expect(established.filter((c) => c.isClosed())).toEqual([]);

    await Promise.all(established.map((c) => c.closed));
    expect(await healthzFrom(port, '127.0.0.1')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a live stream outlives the request and head deadlines many times over', async () => {
    live = await startLiveUpstreams();
    const port = await serve(
      {
        HEADERS_TIMEOUT_MS: '200',
        REQUEST_TIMEOUT_MS: '300',
        KEEP_ALIVE_TIMEOUT_MS: '200',
        SSE_HEARTBEAT_MS: '200',
      },
      live.addresses,
    );
    const signer = await createTokenSigner(live.identity.database.db, systemRandom);
    const { token } = await signer.sign(
      { userId: 4_000_001, sessionId: randomUUID(), isAdmin: false },
      new Date(),
      900,
    );
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/notifications/stream`, {
      cookie: `tl_session=${token}`,
    });
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    // Ten request deadlines, each checked every 100 ms.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(ended).toBe(false);
    const heartbeats = stream.comments.length;
    while (stream.comments.length === heartbeats) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toBe(false);
    stream.close();
  });
});

describe('the settings', () => {
  it('the total cap stays below the open-file limit, and a cap it cannot hold stops the start', () => {
    expect(connectionCap(undefined, 20_000)).toBe(20_000 - RESERVED_FILES);
    // A container's default limit keeps a quarter for the gateway's own descriptors.
    expect(connectionCap(undefined, 1_024)).toBe(768);
    expect(connectionCap(5_000, 20_000)).toBe(5_000);
    expect(() => connectionCap(20_000, 20_000)).toThrow(/CONNECTIONS_MAX: 20000 does not fit/);
  });

  it('reads the soft open-file limit of /proc/self/limits', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
    const file = path.join(dir, 'limits');
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units     \n' +
        'Max open files            20000                524288               files     \n',
    );
    expect(openFileLimit(file)).toBe(20_000);
    expect(openFileLimit(path.join(dir, 'missing'))).toBeUndefined();
    rmSync(dir, { recursive: true });
  });

  it('a head deadline longer than the request deadline is refused', () => {
    expect(() => gatewayConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });

  it('an IPv6 client counts by its /64, IPv4 by its address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
