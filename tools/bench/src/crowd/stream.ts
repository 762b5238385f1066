import http from 'node:http';
import type { CardsChange, MissionsChange } from '@touchline/rules';

/** What the stream told the page that makes it ask the server again. */
export type StreamSignal = 'market-listed' | 'wishes' | 'badges';
const REFETCHING_EVENTS = ['wishes', 'badges'] as const;

/** An `offers` event's data (contract LiveOffers): the web acts on its change and the user's side. */
export interface OfferChange {
  change: string;
  role: 'sender' | 'recipient';
  offerId: number;
}
const OFFER_FRAMES = /event: offers\ndata: ([^\n]*)/g;
const CARDS_FRAMES = /event: cards\ndata: ([^\n]*)/g;
const MISSIONS_FRAMES = /event: missions\ndata: ([^\n]*)/g;

/** What the player does with what the stream tells. */
export interface StreamHandlers {
  onSignal(signal: StreamSignal): void;
  /** A leaderboard change; `cut`: its list was cut (a price tick). */
  onBoard(cut: boolean): void;
  onOffer(offer: OfferChange): void;
  /** A `cards` change with its data: the web reads the collection only when it does not show it. */
  onCards(change: CardsChange): void;
  /** A `missions` change with its data: the web reads the lists only when they cannot show it. */
  onMissions(change: MissionsChange): void;
}

/** A leaderboard change whose list was cut (a price tick): the web reads the user's rank again. */
const CUT_BOARD = /event: leaderboard\ndata: [^\n]*"truncated":true/;

/**
 * A tab's live stream (GET /api/notifications/stream), held on a socket of its own as a browser
 * does, and read cheaply: each chunk is only searched for the events after which the web
 * refetches (web/src/lib/live: a listing added, or a market card sold, refetches the market's
 * lists; wishes and badges refetch their lists; an offer's, the cards' or the missions' change is
 * handed over with its data (the web reads a list only for a new offer, the collection or the
 * mission lists only when they do not show the change); a leaderboard change
 * refetches the board, and the user when its list was cut). Reconnects after the
 * server's `retry:` pause (3 s) when it ends, as an EventSource would, until closed.
 */
export class LiveStream {
  private req?: http.ClientRequest;
  private closed = false;
  /**
   * The opening answers by status (200, or a refusal with its message: which limit refused it) and
   * how many times the stream ended early.
   */
  readonly opens = new Map<string, number>();
  ends = 0;
  /** Whether the stream is open now (an EventSource's OPEN): the web then trusts its events (web/src/lib/live/open.ts). */
  isOpen = false;

  constructor(
    private readonly url: URL,
    private readonly headers: () => Record<string, string>,
    private readonly handlers: StreamHandlers,
  ) {}

  open(): void {
    if (this.closed) return;
    const req = http.request(
      {
        host: this.url.hostname,
        port: this.url.port,
        path: '/api/notifications/stream',
        agent: false,
        headers: { ...this.headers(), accept: 'text/event-stream' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          const retryAfter = Number(res.headers['retry-after']);
          const wait = (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 3) * 1000;
          res.on('end', () => {
            this.count(`${status} ${messageOf(body)}`);
            this.again(wait);
          });
          return;
        }
        this.count('200');
        this.isOpen = true;
        res.setEncoding('utf8');
        const { onSignal, onBoard, onOffer, onCards, onMissions } = this.handlers;
        res.on('data', (chunk: string) => {
          if (
            chunk.includes('event: market\n') &&
            /"change":"listed"|"change":"sold","listingId":0\b/.test(chunk)
          )
            onSignal('market-listed');
          if (chunk.includes('event: missions\n'))
            for (const [, data] of chunk.matchAll(MISSIONS_FRAMES))
              onMissions(JSON.parse(data!) as MissionsChange);
          for (const event of REFETCHING_EVENTS) if (chunk.includes(`event: ${event}\n`)) onSignal(event);
          if (chunk.includes('event: leaderboard\n')) onBoard(CUT_BOARD.test(chunk));
          if (chunk.includes('event: offers\n'))
            for (const [, data] of chunk.matchAll(OFFER_FRAMES)) onOffer(JSON.parse(data!) as OfferChange);
          if (chunk.includes('event: cards\n'))
            for (const [, data] of chunk.matchAll(CARDS_FRAMES)) onCards(JSON.parse(data!) as CardsChange);
        });
        res.on('end', () => this.again(3_000));
        res.on('error', () => undefined);
      },
    );
    req.on('error', () => this.again(3_000));
    req.end();
    this.req = req;
  }

  private count(answer: string): void {
    this.opens.set(answer, (this.opens.get(answer) ?? 0) + 1);
  }

  private again(ms: number): void {
    this.isOpen = false;
    if (this.closed) return;
    this.ends++;
    setTimeout(() => this.open(), ms).unref();
  }

  close(): void {
    this.closed = true;
    this.req?.destroy();
  }
}

/** The `{message}` of a refusal, or the start of a body that is not one. */
function messageOf(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: named by its start below
  }
  return body.slice(0, 60);
}
