import { connect } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStream } from '../src/live/live-stream';
import type { Session } from '../src/session';
import { listenLocally } from './support';

const session: Session = { userId: 1, sessionId: 's', isAdmin: false, tokenExpiresAt: Date.now() + 60_000 };
/** 2 MB in 64 KB frames: four times what a stream may hold unsent. */
const FRAME = Buffer.from(`data: ${'x'.repeat(64 * 1024 - 8)}\n\n`);
const FRAMES = 32;

let opened: LiveStream | undefined;
let server: { baseUrl: string; close(): Promise<void> };

beforeAll(async () => {
  const app = express();
  app.get('/stream', (_req, res) => {
    const stream = new LiveStream(res, session, '127.0.0.1');
    stream.open(1_000);
    stream.goLive();
    opened = stream;
  });
  server = await listenLocally(app);
});
afterAll(() => server.close());

describe('a live stream through the response', () => {
  it('ends a stream whose client reads nothing once 512 KB wait unsent, and the connection with it', async () => {
    const { hostname, port } = new URL(server.baseUrl);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    socket.write(`GET /stream HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    while (!received.includes('retry: 1000\n\n')) await new Promise((resolve) => setTimeout(resolve, 10));
    const stream = opened!;
    const closed = new Promise<void>((resolve) => stream.onClose(resolve));
    socket.pause(); // a client that stops reading

    let written = 0;
    for (let i = 0; i < FRAMES && !stream.ended; i++) {
      stream.write(FRAME);
      if (!stream.ended) written++;
    }
    expect(stream.ended).toBe(true);
    expect(written).toBeLessThan(FRAMES);
    // Writes after the end are dropped, not errors.
    stream.write(FRAME);

    socket.resume();
    await closed;
    await new Promise((resolve) => socket.once('end', resolve));
    // What was written before the end still arrives, as it was, and then the body ends.
    const body = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(body.length).toBe(13 + written * FRAME.length);
    expect(body === `retry: 1000\n\n${FRAME.toString('latin1').repeat(written)}`).toBe(true);
    socket.destroy();
  });
});
