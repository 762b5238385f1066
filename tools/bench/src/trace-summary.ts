/** One event of a Chromium trace, as `browser.stopTracing()` returns them. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's time by trace event, self time (an event's duration less the events
 * nested in it): what the CPU profiler's "(program)" is made of (style recalculation, layout,
 * pre-paint, paint, parsing HTML) beside the script events that hold JavaScript.
 */
export function mainThreadSelfTime(events: TraceEvent[]): Map<string, number> {
  const totals = new Map<string, number>();
  const open: { event: TraceEvent; end: number; self: number }[] = [];
  const close = (until: number) => {
    while (open.length > 0 && open[open.length - 1]!.end <= until) {
      const done = open.pop()!;
      totals.set(done.event.name, (totals.get(done.event.name) ?? 0) + done.self);
    }
  };
  for (const event of events) {
    close(event.ts);
    const dur = event.dur ?? 0;
    const parent = open[open.length - 1];
    if (parent) parent.self -= Math.min(dur, parent.end - event.ts);
    open.push({ event, end: event.ts + dur, self: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

/** The main thread's tasks of at least `minMs` (start and end in the trace clock, microseconds). */
export function longTasks(events: TraceEvent[], minMs: number): { start: number; end: number }[] {
  return events
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }));
}

/**
 * Complete events of every renderer's main thread (the tab may change renderer when it navigates),
 * in time order, an enclosing event before those it holds: what the two summaries above read.
 */
export function mainThreadEvents(trace: Buffer): TraceEvent[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return traceEvents
    .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}
