import { useSyncExternalStore } from 'react';

import type { Notification } from '@touchline/contract';

/**
 * The full-screen moments (issue 43): a badge earned and a mission completed each get the whole
 * screen, one after another, never a line in a toast. The queue is fed by lib/moments.ts (which holds
 * it while the starter reveal or a pack opening is on screen) and shown by components/moments.
 */
export type MomentKind = 'badge' | 'mission';

export interface FullScreenMoment {
  id: number;
  kind: MomentKind;
  title: string;
  message: string;
}

/** The notification kinds that become a full-screen moment, and which. */
export const FULL_SCREEN_KINDS: Readonly<Record<string, MomentKind>> = {
  'badge.earned': 'badge',
  'mission.completed': 'mission',
};

let queue: readonly FullScreenMoment[] = [];
/** While held (a starter reveal or a pack opening on screen), no moment shows, not even one shown before. */
let holds = 0;
const NONE: readonly FullScreenMoment[] = [];
let shown: readonly FullScreenMoment[] = NONE;
const listeners = new Set<() => void>();

function publish(next: readonly FullScreenMoment[]) {
  queue = next;
  shown = holds > 0 ? NONE : queue;
  for (const listener of listeners) listener();
}

/** Hides the moments until the answer is called (lib/moments.ts holdMoments); they show again after. */
export function holdMomentQueue(): () => void {
  holds += 1;
  publish(queue);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    publish(queue);
  };
}

/** Adds a notification's moment at the end of the queue; the same notification twice is one moment. */
export function enqueueMoment(notification: Notification): void {
  const kind = FULL_SCREEN_KINDS[notification.kind];
  if (!kind || queue.some((moment) => moment.id === notification.id)) return;
  publish([
    ...queue,
    { id: notification.id, kind, title: notification.title, message: notification.message },
  ]);
}

/** The moment on screen has been seen: the next one shows. */
export function dismissMoment(): void {
  publish(queue.slice(1));
}

export function clearMoments(): void {
  holds = 0;
  publish([]);
}

/** The queue now (the hook below is what screens use). */
export const momentQueue = (): readonly FullScreenMoment[] => queue;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => shown;

/** The queue as the screen shows it: the first is on screen, the rest wait. */
export function useMomentQueue(): readonly FullScreenMoment[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
