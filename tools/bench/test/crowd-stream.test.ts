import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardsChange, MissionsChange } from '@touchline/rules';
import { LiveStream, type OfferChange, type StreamSignal } from '../src/crowd/stream';

/** Frames as the gateway writes them (gateway/src/live/events.ts), two of them in one chunk. */
const FRAMES = [
  'event: missions\ndata: {"change":"progress","missionId":3,"missions":[{"missionId":3,"progress":2,"completed":false,"completedAt":null,"resetsAt":"2026-11-28T05:00:00.000Z"}]}\n\nevent: wishes\ndata: {"change":"created","wishId":4}\n\n',
  'event: offers\ndata: {"change":"made","role":"recipient","offerId":7}\n\nevent: offers\ndata: {"change":"declined","role":"sender","offerId":8}\n\n',
  'event: missions\ndata: {"change":"claimed","missionId":3,"missions":[]}\n\n',
  'event: leaderboard\ndata: {"moves":[],"truncated":true}\n\n',
  'event: cards\ndata: {"change":"gained","cardIds":[1],"listingPrice":0}\n\nevent: cards\ndata: {"change":"listed","cardIds":[2],"listingPrice":900}\n\n',
];

let server: http.Server;
let url: URL;
/** Openings the server refuses before it serves the stream (Retry-After 1 s, the gateway's body). */
let refusals = 0;
const BUSY = 'Touchline is very busy right now. Please try again in a moment.';

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    if (refusals > 0) {
      refusals--;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ message: BUSY }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const frame of FRAMES) res.write(frame);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the crowd's live stream", () => {
  it('tells each event as the web acts on it: offers, cards and missions with their data', async () => {
    const signals: StreamSignal[] = [];
    const offers: OfferChange[] = [];
    const boards: boolean[] = [];
    const cards: CardsChange[] = [];
    const missions: MissionsChange[] = [];
    const stream = new LiveStream(url, () => ({}), {
      onSignal: (signal) => signals.push(signal),
      onBoard: (cut) => boards.push(cut),
      onOffer: (offer) => offers.push(offer),
      onCards: (change) => cards.push(change),
      onMissions: (change) => missions.push(change),
    });
    stream.open();
    const heard = () => signals.length + offers.length + boards.length + cards.length + missions.length;
    await expect.poll(heard).toBe(8);
    stream.close();
    expect(signals).toEqual(['wishes']);
    expect(missions.map(({ change, missions: moved }) => [change, moved.map((m) => m.progress)])).toEqual([
      ['progress', [2]],
      ['claimed', []],
    ]);
    expect(offers).toEqual([
      { change: 'made', role: 'recipient', offerId: 7 },
      { change: 'declined', role: 'sender', offerId: 8 },
    ]);
    expect(boards).toEqual([true]);
    expect(cards).toEqual([
      { change: 'gained', cardIds: [1], listingPrice: 0 },
      { change: 'listed', cardIds: [2], listingPrice: 900 },
    ]);
  });

  it('counts each refused opening by its message, then opens after its Retry-After', async () => {
    refusals = 1;
    const stream = new LiveStream(url, () => ({}), {
      onSignal: () => undefined,
      onBoard: () => undefined,
      onOffer: () => undefined,
      onCards: () => undefined,
      onMissions: () => undefined,
    });
    stream.open();
    await expect.poll(() => stream.isOpen, { timeout: 5_000 }).toBe(true);
    stream.close();
    expect(Object.fromEntries(stream.opens)).toEqual({ [`503 ${BUSY}`]: 1, '200': 1 });
    expect(stream.ends).toBe(1);
  });
});
