import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4 (its last release) re-arms a 1 ms timer forever on every broker connection once
 * nothing is queued: `scheduleCheckPendingRequests` schedules `throttledUntil - now`, negative when
 * not throttled, even with an empty queue (tulios/kafkajs#1556, fix proposed in #1667 and never
 * released). Each idle service woke about 1,500 times a second for it, about 35 ms of CPU per second.
 *
 * With an empty queue and no throttle there is nothing to check later: a request pushed while it
 * cannot be sent schedules its own check, and a completed request checks the queue. Everything else
 * is left to the original.
 *
 * It replaces a method of kafkajs's private RequestQueue (kafkajs/src/network/requestQueue). kafkajs
 * is pinned to exactly kafkajs 2.2.4; test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: tulios/kafkajs#1556 and #1704 (open); fix in tulios/kafkajs#1667 (open, unmerged).
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: unknown;
  scheduleCheckPendingRequests(): void;
}

let applied = false;

export function applyKafkajsIdleFix(): void {
  if (applied) return;
  applied = true;
  const RequestQueue = createRequire(__filename)('kafkajs/src/network/requestQueue') as {
    prototype: RequestQueueInternals;
  };
  const original = RequestQueue.prototype.scheduleCheckPendingRequests;
  RequestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    original.call(this);
  };
}
