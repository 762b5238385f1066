/**
 * Runs `check` until it passes (resolves) and answers what it answered; after `timeoutMs` the last
 * failure is thrown. For what lands some time after a call returns: events relayed, caches written.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
