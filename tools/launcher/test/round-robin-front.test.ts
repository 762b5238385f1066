import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront, type Front } from '../src/round-robin-front';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A gateway stand-in: `/name` answers its name, `/stream` is an SSE stream written on `send`. */
async function backend(name: string) {
  let stream: http.ServerResponse | undefined;
  let streamOpened!: () => void;
  const opened = new Promise<void>((resolve) => (streamOpened = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: hello from ${name}\n\n`);
      stream = res;
      streamOpened();
      return;
    }
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    opened,
    send: (data: string) => stream!.write(`data: ${data}\n\n`),
  };
}

async function front(backends: number[]): Promise<Front> {
  const f = await startFront({ port: 0, host: '127.0.0.1', backends });
  closers.push(() => f.close());
  return f;
}

/** A connection from `from` that sends a request's first line and stops: what it is answered. */
async function halfOpen(port: number, from: string): Promise<{ received(): string; closed: Promise<void> }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString('latin1'))).on('error', () => undefined);
  closers.push(async () => void socket.destroy());
  socket.write('GET /name HTTP/1.1\r\n');
  return { received: () => received, closed: new Promise((resolve) => socket.once('close', resolve)) };
}

/** One request on a connection of its own (as a new browser would open one). */
function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe('the round-robin front of the gateways', () => {
  it('hands each new connection to the next gateway in turn', async () => {
    const [a, b] = await Promise.all([backend('a'), backend('b')]);
    const f = await front([a.port, b.port]);
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push(await get(f.port, '/name'));
    expect(names).toEqual(['a', 'b', 'a', 'b']);
  });

  it('caps the connections of one client address, which the gateways behind cannot see', async () => {
    const a = await backend('a');
    const f = await startFront({
      port: 0,
      host: '127.0.0.1',
      backends: [a.port],
      limits: { perAddress: 2, max: 100, retryAfterSeconds: 2 },
    });
    closers.push(() => f.close());
    await halfOpen(f.port, '127.0.0.2');
    await halfOpen(f.port, '127.0.0.2');
    const third = await halfOpen(f.port, '127.0.0.2');
    await third.closed;
    expect(third.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(await get(f.port, '/name')).toBe('a');
  });

  it('skips a gateway that refuses the connection', async () => {
    const a = await backend('a');
    const down = await backend('down');
    await closers.pop()!(); // closes "down": its port now refuses
    const f = await front([down.port, a.port]);
    expect([await get(f.port, '/name'), await get(f.port, '/name')]).toEqual(['a', 'a']);
  });

  it('carries a live stream: each event as the gateway writes it, on one open response', async () => {
    const a = await backend('a');
    const f = await front([a.port]);
    const events: string[] = [];
    let heard: (() => void) | undefined;
    const request = http.get({ port: f.port, host: '127.0.0.1', path: '/stream', agent: false }, (res) => {
      expect(res.headers['content-type']).toBe('text/event-stream');
      res.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.startsWith('data: ')) events.push(line.slice(6));
        heard?.();
      });
    });
    closers.push(async () => void request.destroy());
    const until = (n: number) =>
      new Promise<void>((resolve) => {
        heard = () => events.length >= n && resolve();
        heard();
      });
    await a.opened;
    await until(1);
    a.send('tick 1');
    await until(2);
    a.send('tick 2');
    await until(3);
    expect(events).toEqual(['hello from a', 'tick 1', 'tick 2']);
  });
});
