import { afterEach, describe, expect, it, vi } from 'vitest';
import { EveryoneBatch } from '../src/live/everyone-batch';

const frame = (n: number) => Buffer.from(`event: market\ndata: ${n}\n\n`);

afterEach(() => vi.useRealTimers());

describe('frames for every stream', () => {
  it('go together, in order, once the first has waited the delay; the next ones start a new wait', () => {
    vi.useFakeTimers();
    const flushed: string[] = [];
    const batch = new EveryoneBatch(250, (bytes) => flushed.push(bytes.toString()));
    batch.add(frame(1));
    vi.advanceTimersByTime(100);
    batch.add(frame(2));
    batch.add(frame(3));
    vi.advanceTimersByTime(149);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([`${frame(1)}${frame(2)}${frame(3)}`]);
    batch.add(frame(4));
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([`${frame(1)}${frame(2)}${frame(3)}`, `${frame(4)}`]);
  });

  it('go at once with no delay, and what waits is dropped when cleared', () => {
    vi.useFakeTimers();
    const flushed: string[] = [];
    new EveryoneBatch(0, (bytes) => flushed.push(bytes.toString())).add(frame(1));
    expect(flushed).toEqual([`${frame(1)}`]);
    const closing = new EveryoneBatch(250, (bytes) => flushed.push(bytes.toString()));
    closing.add(frame(2));
    closing.clear();
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual([`${frame(1)}`]);
  });
});
