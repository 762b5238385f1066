import { LIVE_EVENTS, type LiveEventName } from '@touchline/contract';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import { toApiNotification } from '../compose/notifications';

/** Who hears an event: one user's streams, every stream, or the streams of admin sessions. */
export type Audience = { kind: 'user'; userId: number } | { kind: 'everyone' } | { kind: 'admins' };

/** One event of the stream, serialised once for every stream that hears it. */
export interface LiveFrame {
  audience: Audience;
  /** The notification's id (a position), for dropping what a stream's replay already covered. */
  notificationId?: number;
  /** The SSE frame (`id:` for positions only, `event:`, `data:`), encoded once: the same bytes go to every stream. */
  bytes: Buffer;
}

export function frameOf(event: LiveEventName, data: unknown, id?: number): Buffer {
  return Buffer.from(
    `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
  );
}

/** The contract's event for a proto change, unchecked (contractEvent checks it). */
function eventOf(m: LiveMessage__Output): { event: LiveEventName; data: unknown; id?: number } | undefined {
  switch (m.change) {
    case 'notification': {
      const notification = toApiNotification(m.notification!.notification!);
      return {
        event: 'notification',
        data: { notification, unreadCount: m.notification!.unreadCount },
        id: notification.id,
      };
    }
    case 'unread':
      return { event: 'unread', data: { unreadCount: m.unread!.unreadCount }, id: m.unread!.position };
    case 'balance':
      return { event: 'balance', data: m.balance };
    case 'cards':
      return { event: 'cards', data: m.cards };
    case 'offers':
      return { event: 'offers', data: m.offers };
    case 'wishes':
      return { event: 'wishes', data: m.wishes };
    case 'cashout':
      return { event: 'cashout', data: m.cashout };
    case 'missions':
      return {
        event: 'missions',
        data: {
          change: m.missions!.change,
          missionId: m.missions!.missionId || null,
          missions: m.missions!.missions.map((mission) => ({
            ...mission,
            completedAt: mission.completedAt || null,
          })),
        },
      };
    case 'badges':
      return { event: 'badges', data: m.badges };
    case 'prices':
      return { event: 'prices', data: m.prices };
    case 'market': {
      const market = m.market!;
      return {
        event: 'market',
        data: { ...market, price: market.change === 'withdrawn' ? null : market.price },
      };
    }
    case 'marketStatus':
      return { event: 'market-status', data: m.marketStatus };
    case 'adminCashouts':
      return { event: 'admin-cashouts', data: m.adminCashouts };
    case 'adminFlags':
      return { event: 'admin-flags', data: m.adminFlags };
    case 'account':
      return { event: 'account', data: m.account };
    case 'leaderboard':
      return { event: 'leaderboard', data: m.leaderboard };
    case 'auction':
      return { event: 'auction', data: m.auction };
    case 'matchday': {
      const md = m.matchday!;
      return {
        event: 'matchday',
        data: {
          change: md.change,
          matchdayId: md.matchdayId,
          rank: md.rank || null,
          // Tenths of a point on the wire between services; points on the stream.
          points: md.change === 'ranked' ? md.points / 10 : null,
          coins: md.change === 'ranked' || md.change === 'reward' ? md.coins : null,
          entries: md.entries || null,
        },
      };
    }
    case 'resync':
      return { event: 'resync', data: m.resync };
    default:
      return undefined; // a keep-alive, or a change this gateway does not know yet
  }
}

function audienceOf(m: LiveMessage__Output): Audience {
  if (m.audience === 'LIVE_AUDIENCE_EVERYONE') return { kind: 'everyone' };
  if (m.audience === 'LIVE_AUDIENCE_ADMINS') return { kind: 'admins' };
  return { kind: 'user', userId: m.userId };
}

/**
 * A Live message as the frame the browsers get, mapped, checked against the contract (only fields it
 * knows; a change that does not fit is dropped, not sent) and serialised once per message.
 */
export function toFrame(m: LiveMessage__Output): LiveFrame | { error: string } | undefined {
  const mapped = eventOf(m);
  if (!mapped) return undefined;
  const checked = LIVE_EVENTS[mapped.event].safeParse(mapped.data);
  if (!checked.success) return { error: `${mapped.event}: ${checked.error.message}` };
  return {
    audience: audienceOf(m),
    ...(mapped.event === 'notification' ? { notificationId: mapped.id } : {}),
    bytes: frameOf(mapped.event, checked.data, mapped.id),
  };
}
