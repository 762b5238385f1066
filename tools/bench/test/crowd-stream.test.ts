import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardsChange } from '@touchline/rules';
import { LiveStream, type OfferChange, type StreamSignal } from '../src/crowd/stream';

/** Frames as the gateway writes them (gateway/src/live/events.ts), two of them in one chunk. */
const FRAMES = [
  'event: missions\ndata: {"change":"progress","missionId":3}\n\n',
  'event: offers\ndata: {"change":"made","role":"recipient","offerId":7}\n\nevent: offers\ndata: {"change":"declined","role":"sender","offerId":8}\n\n',
  'event: missions\ndata: {"change":"claimed","missionId":3}\n\n',
  'event: leaderboard\ndata: {"moves":[],"truncated":true}\n\n',
  'event: cards\ndata: {"change":"gained","cardIds":[1],"listingPrice":0}\n\nevent: cards\ndata: {"change":"listed","cardIds":[2],"listingPrice":900}\n\n',
];

let server: http.Server;
let url: URL;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
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
  it('tells each event as the web acts on it: offers and cards with their data, a claim apart from progress', async () => {
    const signals: StreamSignal[] = [];
    const offers: OfferChange[] = [];
    const boards: boolean[] = [];
    const cards: CardsChange[] = [];
    const stream = new LiveStream(url, () => ({}), {
      onSignal: (signal) => signals.push(signal),
      onBoard: (cut) => boards.push(cut),
      onOffer: (offer) => offers.push(offer),
      onCards: (change) => cards.push(change),
    });
    stream.open();
    await expect.poll(() => signals.length + offers.length + boards.length + cards.length).toBe(7);
    stream.close();
    expect(signals).toEqual(['missions', 'mission-claimed']);
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
});
