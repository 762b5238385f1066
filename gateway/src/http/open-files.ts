import { readFileSync } from 'node:fs';
import { ConfigError } from '@touchline/kit';

/**
 * Descriptors kept out of the connection cap: the gRPC channels to every upstream, Redis, the
 * metrics port, the web app's files being sent, the log pipes. Under a small limit (a container's
 * default 1,024) a quarter of it.
 */
export const RESERVED_FILES = 1_024;
const reservedOf = (fileLimit: number) => Math.min(RESERVED_FILES, Math.floor(fileLimit / 4));

/** Used when the limit cannot be read (not Linux): a cap that a default limit of 1,024 would not hold. */
const UNKNOWN_LIMIT_CAP = 10_000;

/** The process's soft open-file limit (Node raises it to the hard limit at start), when readable. */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? undefined : Number(soft) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connections the gateway may hold: CONNECTIONS_MAX, or by default all the open-file limit
 * leaves after the reserved descriptors. A CONNECTIONS_MAX the limit cannot hold stops the start: past it,
 * accept() fails for everyone, established connections and upstream calls included.
 */
export function connectionCap(configured: number | undefined, fileLimit: number | undefined): number {
  const room = fileLimit === undefined ? undefined : fileLimit - reservedOf(fileLimit);
  if (room !== undefined && room < 1)
    throw new ConfigError(
      `Invalid configuration:\n  CONNECTIONS_MAX: the open-file limit (${fileLimit}) leaves no room for connections; raise it (ulimit -n)`,
    );
  if (configured === undefined) return room ?? UNKNOWN_LIMIT_CAP;
  if (room !== undefined && configured > room)
    throw new ConfigError(
      `Invalid configuration:\n  CONNECTIONS_MAX: ${configured} does not fit the open-file limit (${fileLimit}) less the descriptors the gateway keeps for itself; at most ${room}`,
    );
  return configured;
}
