import { describe, expect, it } from 'vitest';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import { toFrame } from '../src/live/events';

const message = (matchday: Record<string, unknown>, userId = 7): LiveMessage__Output =>
  ({
    audience: userId > 0 ? 'LIVE_AUDIENCE_USER' : 'LIVE_AUDIENCE_EVERYONE',
    userId,
    change: 'matchday',
    matchday: { change: '', matchdayId: 0, rank: 0, points: 0, coins: 0, entries: 0, ...matchday },
  }) as unknown as LiveMessage__Output;

const text = (frame: ReturnType<typeof toFrame>) =>
  frame && 'bytes' in frame ? frame.bytes.toString('utf8') : String(frame && frame.error);

describe('the matchday change on the live stream', () => {
  it('sends a ranked lineup’s points (tenths between services) as points, with the reward to come', () => {
    const frame = toFrame(
      message({ change: 'ranked', matchdayId: 3, rank: 2, points: 215, coins: 1_100, entries: 12 }),
    );
    expect(text(frame)).toBe(
      'event: matchday\ndata: {"change":"ranked","matchdayId":3,"rank":2,"points":21.5,"coins":1100,"entries":12}\n\n',
    );
    expect(frame && 'audience' in frame && frame.audience).toEqual({ kind: 'user', userId: 7 });
  });

  it('tells everyone of a lock with nulls where the change says nothing', () => {
    const frame = toFrame(message({ change: 'locked', matchdayId: 3, entries: 12 }, 0));
    expect(text(frame)).toBe(
      'event: matchday\ndata: {"change":"locked","matchdayId":3,"rank":null,"points":null,"coins":null,"entries":12}\n\n',
    );
    expect(frame && 'audience' in frame && frame.audience).toEqual({ kind: 'everyone' });
  });

  it('drops a change the contract does not know rather than sending it', () => {
    expect(toFrame(message({ change: 'postponed', matchdayId: 3 }))).toMatchObject({
      error: expect.any(String),
    });
  });
});
