import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { startTcpProxy } from '@touchline/kit/testing';
import { useBrowser, phoneContext } from './support/browser';
import { playerViaApi, READ_RETRIES } from './support/api';
import { openLive } from './support/live';
import { signUpOnPage } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

/** A new player signed up through the API, on Home with the live stream connected. */
async function newPlayer(prefix: string): Promise<{ page: Page; username: string }> {
  const { page, username } = await playerViaApi(browser(), baseUrl, prefix);
  await openLive(page, '/');
  return { page, username };
}

const get = async <T>(page: Page, path: string) =>
  (await (await page.request.get(path, READ_RETRIES)).json()) as T;

/** An offer of one of A's cards to B, through the API as the Trade Center sends it. */
async function offer(from: Page, toUsername: string, cardIndex: number): Promise<void> {
  const cards = await get<{ id: number }[]>(from, '/api/user/cards');
  const res = await from.request.post('/api/trades/create', {
    data: { cardId: cards[cardIndex]!.id, targetUser: toUsername, coinOffer: 0 },
  });
  expect(res.status(), await res.text()).toBe(201);
}

describe('live notifications (two browser contexts)', () => {
  it("an offer from A raises B's bell without a reload, with a toast; the popover lists each once", async () => {
    const alice = await newPlayer('notifier');
    const bob = await newPlayer('notified');
    const bell = bob.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // Welcome notifications may already be there: count from what Bob's bell shows now.
    const unread = async () =>
      (await get<{ unreadCount: number }>(bob.page, '/api/notifications/unread-count')).unreadCount;
    const before = await unread();

    const sentAt = Date.now();
    await offer(alice.page, bob.username, 0);
    await bob.page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor();
    console.log(`offer → Bob's badge without a reload: ${Date.now() - sentAt} ms`);
    await bob.page.getByText('New trade offer').first().waitFor(); // the live toast

    // A second one on the same stream; the resume after a dropped stream (Last-Event-ID) is covered
    // over real HTTP in gateway/test/notifications.test.ts.
    await offer(alice.page, bob.username, 1);
    await bob.page.getByRole('button', { name: `Notifications, ${before + 2} unread` }).waitFor();

    await bell.click();
    const popover = bob.page.getByRole('dialog');
    await popover.getByRole('heading', { name: 'Notifications' }).waitFor();
    const listed = await get<{ items: { id: number }[] }>(bob.page, '/api/notifications?limit=20');
    await expect
      .poll(() => popover.locator('[data-testid^="notification-"]').count())
      .toBe(listed.items.length);
    const shown = await popover
      .locator('[data-testid^="notification-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(new Set(shown).size).toBe(shown.length);
    expect(await popover.getByText('New trade offer').count()).toBe(2);
    await popover.getByText('View all notifications').waitFor();
  }, 180_000);
});

/** What Chromium's DevTools protocol reports of the page's notification stream. */
interface StreamLog {
  /** Every request of GET /api/notifications/stream, with its Last-Event-ID (header or query) if any. */
  requests: { lastEventId: string | undefined }[];
  /** How many of them ended in a network error (the dropped connection, the refused reconnects). */
  failures: number;
  /** The ids of the notifications delivered as 'notification' events, across every connection. */
  delivered: number[];
  /** How many events of any kind arrived (the first, 'unread', says the stream is open). */
  events: number;
}

async function watchStream(page: Page): Promise<StreamLog> {
  const log: StreamLog = { requests: [], failures: 0, delivered: [], events: 0 };
  const streamRequests = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  const lastEventIdOf = (headers: Record<string, unknown>) =>
    Object.entries(headers).find(([name]) => name.toLowerCase() === 'last-event-id')?.[1] as
      string | undefined;
  const byId = new Map<string, { lastEventId: string | undefined }>();
  // Headers the network stack adds (Last-Event-ID among them) arrive in the ExtraInfo event, not in
  // requestWillBeSent, and Chromium does not order the two: either may come first.
  const extraHeaders = new Map<string, string | undefined>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/notifications/stream') return;
    streamRequests.add(requestId);
    // The browser's own reconnect sends the header; a stream the app opened anew, the query.
    const entry = {
      lastEventId:
        lastEventIdOf(request.headers) ??
        extraHeaders.get(requestId) ??
        url.searchParams.get('lastEventId') ??
        undefined,
    };
    extraHeaders.delete(requestId);
    byId.set(requestId, entry);
    log.requests.push(entry);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const entry = byId.get(requestId);
    if (entry) entry.lastEventId ??= lastEventIdOf(headers);
    else extraHeaders.set(requestId, lastEventIdOf(headers));
  });
  // The stream's body runs until its connection closes (no chunked framing), so a dropped
  // connection ends it as finished, not failed: either way the stream is gone.
  const ended = ({ requestId }: { requestId: string }) => {
    if (streamRequests.has(requestId)) log.failures += 1;
  };
  cdp.on('Network.loadingFailed', ended);
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.eventSourceMessageReceived', ({ eventName, data }) => {
    log.events += 1;
    if (eventName !== 'notification') return;
    log.delivered.push((JSON.parse(data) as { notification: { id: number } }).notification.id);
  });
  await cdp.send('Network.enable');
  return log;
}

describe('live notifications across a dropped stream', () => {
  it('the bell reconnects by itself, catches up and stays live, with no notification twice', async () => {
    // Bob reaches the app through a TCP proxy that can drop every connection, as a network would.
    const proxy = await startTcpProxy(new URL(baseUrl).host);
    try {
      const bobUrl = `http://${proxy.address}`;
      const context = await phoneContext(browser(), bobUrl);
      const page = await context.newPage();
      const stream = await watchStream(page);
      await signUpOnPage(page, bobUrl, 'reconnector');
      await page.getByRole('button', { name: 'Skip Reveal' }).click();
      await page.getByRole('button', { name: 'Continue to App' }).click();
      // The username as the server made it (unique, and possibly shorter than the e-mail's local part).
      const bob = { page, username: (await get<{ username: string }>(page, '/api/user')).username };
      const alice = await newPlayer('dropper');
      // A reload would hide a stream that does not come back by itself: this mark would be gone.
      await page.evaluate(() => ((globalThis as unknown as { e2eMark: boolean }).e2eMark = true));

      await bob.page.getByRole('button', { name: /^Notifications/ }).waitFor();
      const listed = async () =>
        (await get<{ items: { id: number; kind: string }[] }>(bob.page, '/api/notifications?limit=20')).items;
      const unread = async () =>
        (await get<{ unreadCount: number }>(bob.page, '/api/notifications/unread-count')).unreadCount;
      const badge = (count: number, timeout?: number) =>
        bob.page.getByRole('button', { name: `Notifications, ${count} unread` }).waitFor({ timeout });
      const before = await unread();
      // The app opens its stream at the first idle moment after the screen renders: the first offer
      // is made once the stream is open, so that it arrives over it.
      await expect.poll(() => stream.events, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

      await offer(alice.page, bob.username, 0);
      await badge(before + 1);
      expect(stream.requests).toHaveLength(1);
      // The badge can also rise from a count refetch: the drop comes once the offer came over the
      // stream, so the stream has an event id to resume from.
      await expect.poll(() => stream.delivered.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

      // The connection drops; an offer arrives while Bob is cut off; then the network comes back.
      proxy.set('down');
      await expect.poll(() => stream.failures).toBeGreaterThanOrEqual(1);
      await offer(alice.page, bob.username, 1);
      proxy.set('pass');

      // The browser reconnects by itself (no reload) and catches up on the offer it missed. Its
      // reconnect waits out the stream's backoff, which a loaded CI machine stretches past 30 s.
      await badge(before + 2, 60_000);
      expect(stream.requests.length).toBeGreaterThanOrEqual(2);
      // It resumed where it stopped: the reconnect named the last event it had. (The header can be
      // reported a moment after the request itself.)
      await expect
        .poll(() => stream.requests.slice(1).some((request) => /^\d+$/.test(request.lastEventId ?? '')), {
          timeout: 10_000,
        })
        .toBe(true);

      // Live again: an offer made after the reconnect shows without a reload, with its toast.
      await offer(alice.page, bob.username, 2);
      await badge(before + 3);
      await bob.page.getByText('New trade offer').first().waitFor();
      expect(await bob.page.evaluate(() => (globalThis as unknown as { e2eMark?: boolean }).e2eMark)).toBe(
        true,
      );

      // Each offer reached the page once over the stream, whichever connection carried it.
      const offers = (await listed()).filter((n) => n.kind === 'trade.offer_received');
      expect(offers).toHaveLength(3);
      await expect.poll(() => offers.every((n) => stream.delivered.includes(n.id))).toBe(true);
      expect(new Set(stream.delivered).size).toBe(stream.delivered.length);

      // And the popover lists each notification once.
      await bob.page.getByRole('button', { name: /^Notifications/ }).click();
      const popover = bob.page.getByRole('dialog');
      await popover.getByRole('heading', { name: 'Notifications' }).waitFor();
      await expect.poll(() => popover.getByText('New trade offer').count()).toBe(3);
      const shown = await popover
        .locator('[data-testid^="notification-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
      expect(new Set(shown).size).toBe(shown.length);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
