import type { Notification } from '@touchline/contract';

import { clearMoments, enqueueMoment, FULL_SCREEN_KINDS, holdMomentQueue } from '@/lib/moment-queue';
import { toast } from '@/lib/toast';

/**
 * One moment per action. A badge earned and a mission completed are not toasts at all: each gets a
 * full-screen moment of its own, queued (lib/moment-queue.ts), held like the toasts while the starter
 * reveal or a pack opening is on screen. An action's answer comes first and its follow-ons (a mission completed, a
 * badge earned, coins credited) arrive later as notifications on the live stream; within this long
 * after the action's toast they are folded into that toast instead of stacking their own.
 */
export const MOMENT_WINDOW_MS = 15_000;
/**
 * The stream may also bring a follow-on a moment before the action's own answer lands (the buy's
 * answer waits for its refetches): a follow-on with no moment open waits this long for one.
 */
export const EARLY_WAIT_MS = 3_000;
/** Notifications of one kind arriving within this long of each other share one toast ("3 new trade offers"). */
export const GROUP_WINDOW_MS = 3_000;

/** The follow-ons an action's toast takes in as a line of its own. */
const FOLLOW_ON_KINDS = new Set(['payment.succeeded']);

/** What several notifications of one kind say together. */
const GROUP_TITLES: Record<string, (count: number) => string> = {
  'trade.offer_received': (n) => `${n} new trade offers`,
  'trade.countered': (n) => `${n} counter-offers`,
  'price.alert': (n) => `${n} price alerts`,
  'auction.outbid': (n) => `Outbid on ${n} auctions`,
  'auction.won': (n) => `${n} auctions won`,
  'auction.sold': (n) => `${n} auctions sold`,
  'trade.accepted': (n) => `${n} trades accepted`,
  'trade.declined': (n) => `${n} trade offers declined`,
  'trade.cancelled': (n) => `${n} trade offers cancelled`,
  'trade.voided': (n) => `${n} trade offers closed`,
  'market.card_sold': (n) => `${n} cards sold`,
  'mission.completed': (n) => `${n} missions completed`,
  'badge.earned': (n) => `${n} badges earned`,
};

type Kind = 'success' | 'info' | 'warning' | 'error';

export interface ActionToast {
  title: string;
  description?: string;
  /** The toast's id, when the action already shows one (a pending toast that turns into this). */
  id?: string | number;
  /** Notification kinds that say what this toast says (the cash-out's own 'Cash-out requested'): dropped. */
  covers?: readonly string[];
}

interface Moment extends Required<Pick<ActionToast, 'title' | 'id'>> {
  kind: Kind;
  description: string | undefined;
  lines: string[];
  covers: ReadonlySet<string>;
  until: number;
}

interface Group {
  id: string;
  count: number;
  until: number;
}

let moment: Moment | null = null;
const groups = new Map<string, Group>();
let early: { notification: Notification; timer: ReturnType<typeof setTimeout> }[] = [];
let holds = 0;
let queue: (() => void)[] = [];
let nextId = 0;

function describe(description: string | undefined, lines: readonly string[]): string | undefined {
  const all = [description, ...lines].filter((line): line is string => Boolean(line));
  return all.length > 0 ? all.join('\n') : undefined;
}

/** How long a moment's toast stays after a follow-on joined it. */
const FOLDED_TOAST_MS = 6_000;

function showMoment(current: Moment) {
  toast[current.kind](current.title, {
    id: current.id,
    description: describe(current.description, current.lines),
    // A follow-on may come after the toast closed by itself: it shows again, with every line.
    ...(current.lines.length > 0 ? { duration: FOLDED_TOAST_MS } : {}),
  });
}

/** An action's own toast: it opens the moment its follow-ons fold into. */
export function actionToast(kind: Kind, action: ActionToast): string | number {
  const id = action.id ?? `moment-${++nextId}`;
  if (holds > 0) {
    queue.push(() => actionToast(kind, { ...action, id }));
    return id;
  }
  const covers = new Set(action.covers ?? []);
  // Follow-ons that came just before this answer are this action's.
  const before = early.map(({ notification, timer }) => {
    clearTimeout(timer);
    return notification;
  });
  early = [];
  moment = {
    kind,
    id,
    title: action.title,
    description: action.description,
    lines: before.filter((n) => !covers.has(n.kind)).map(lineOf),
    covers,
    until: Date.now() + MOMENT_WINDOW_MS,
  };
  showMoment(moment);
  return id;
}

const lineOf = (notification: Notification) => `${notification.title}: ${notification.message}`;

function showGrouped({ kind, type, title, message }: Notification) {
  const now = Date.now();
  const group = groups.get(kind);
  const groupTitle = GROUP_TITLES[kind] ?? ((n: number) => `${n} new notifications`);
  const show = { info: toast.info, success: toast.success, warning: toast.warning, error: toast.error }[type];
  if (group && now < group.until) {
    group.count += 1;
    group.until = now + GROUP_WINDOW_MS;
    (show ?? toast.message)(groupTitle(group.count), { id: group.id, description: message });
    return;
  }
  const id = `notification-${kind}-${++nextId}`;
  groups.set(kind, { id, count: 1, until: now + GROUP_WINDOW_MS });
  (show ?? toast.message)(title, { id, description: message });
}

/** A notification from the live stream: folded into the open moment, grouped with its kind, or shown. */
export function notificationToast(notification: Notification): void {
  if (holds > 0) {
    queue.push(() => notificationToast(notification));
    return;
  }
  const current = moment && Date.now() < moment.until ? moment : null;
  if (current?.covers.has(notification.kind)) return;
  if (notification.kind in FULL_SCREEN_KINDS) {
    enqueueMoment(notification);
    return;
  }
  if (current && FOLLOW_ON_KINDS.has(notification.kind)) {
    current.lines.push(lineOf(notification));
    showMoment(current);
    return;
  }
  if (!current && FOLLOW_ON_KINDS.has(notification.kind)) {
    const entry = {
      notification,
      timer: setTimeout(() => {
        early = early.filter((waiting) => waiting !== entry);
        showGrouped(notification);
      }, EARLY_WAIT_MS),
    };
    early.push(entry);
    return;
  }
  showGrouped(notification);
}

/**
 * Holds every moment until `release` (the starter reveal: its registration toast and the sign-in
 * mission wait until the reveal closes). Held toasts show in order on release, their follow-ons
 * folded as they would have been.
 */
export function holdMoments(): () => void {
  holds += 1;
  const releaseQueue = holdMomentQueue();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    releaseQueue();
    holds -= 1;
    if (holds > 0) return;
    const waiting = queue;
    queue = [];
    for (const show of waiting) show();
  };
}

/** Longest a sign-up's toasts wait for the starter reveal (a reveal that never opened). */
export const STARTER_HOLD_MAX_MS = 120_000;
let starterRelease: (() => void) | null = null;

/** A sign-up: its toasts and follow-ons wait until the starter reveal closes (or is not shown). */
export function holdForStarterReveal(): void {
  if (starterRelease) return;
  const release = holdMoments();
  const timer = setTimeout(releaseStarterReveal, STARTER_HOLD_MAX_MS);
  starterRelease = () => {
    clearTimeout(timer);
    release();
  };
}

/** The starter reveal closed, or there is none to show: the held moments show now. */
export function releaseStarterReveal(): void {
  const release = starterRelease;
  starterRelease = null;
  release?.();
}

/** Forgets every moment and group (a test's reset; a sign-out). */
export function resetMoments(): void {
  releaseStarterReveal();
  moment = null;
  for (const { timer } of early) clearTimeout(timer);
  early = [];
  groups.clear();
  holds = 0;
  queue = [];
  clearMoments();
}
