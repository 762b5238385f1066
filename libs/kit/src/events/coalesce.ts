interface Group<T> {
  items: T[];
  outcome: Promise<void>;
}

/**
 * Joins the calls made in the same turn of the event loop into one call of `run` with all their
 * items, up to `max` items a call (a call that would go past it starts the next group). Every caller
 * waits for, and gets the outcome of, the call its items went into. Calls of `run` never overlap:
 * a group starts once the one before it has settled.
 *
 * Why: kafkajs hands the batches of one fetch, one per topic partition, to concurrent workers in one
 * go; joined, a service handles them all in one inbox transaction instead of one transaction each.
 */
export function coalesce<T>(run: (items: T[]) => Promise<void>, max: number): (items: T[]) => Promise<void> {
  let open: Group<T> | undefined;
  let last: Promise<unknown> = Promise.resolve();
  return (items) => {
    if (!open || open.items.length + items.length > max) {
      const group: Group<T> = { items: [], outcome: Promise.resolve() };
      const nextTurn = new Promise<void>((resolve) => setImmediate(resolve));
      const before = last;
      group.outcome = Promise.all([nextTurn, before.catch(() => undefined)]).then(() => {
        if (open === group) open = undefined;
        return run(group.items);
      });
      last = group.outcome;
      open = group;
    }
    open.items.push(...items);
    return open.outcome;
  };
}
