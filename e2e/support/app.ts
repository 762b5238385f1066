import { inject } from 'vitest';

/**
 * The app of the worker running this file. Vitest numbers its workers 1…maxWorkers and never runs
 * two files in one worker at once, so a worker's files take turns on its app.
 */
export function appUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}
