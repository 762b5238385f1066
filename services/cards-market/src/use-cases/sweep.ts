import type { CardsDeps } from './deps';

/**
 * Re-drives sagas left half-way: each is settled on its own, so one that cannot finish yet (a peer
 * down) does not hold the others back. Returns how many were settled.
 */
export async function sweep<T extends { id: string }>(
  deps: CardsDeps,
  what: string,
  stuck: T[],
  settle: (row: T) => Promise<unknown>,
): Promise<number> {
  let settled = 0;
  for (const row of stuck) {
    try {
      await settle(row);
      settled++;
    } catch (error) {
      deps.logger.warn({ err: error, id: row.id }, `sweeper could not finish a ${what} yet`);
    }
  }
  return settled;
}

/** Rows still in their first state after the grace period count as stuck. */
export function stuckCutoff(deps: CardsDeps): Date {
  return new Date(deps.clock.now().getTime() - deps.config.SALE_STUCK_AFTER_MS);
}
