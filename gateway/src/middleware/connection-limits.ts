import { isIPv6, type Server, type Socket } from 'node:net';
import { REFUSALS, refusalBytes } from './shedding';

export interface ConnectionLimits {
  /** Open connections one peer address may hold; 0: no limit per address (a proxy is the peer). */
  perAddress: number;
  /** Open connections the server holds at most, below the process's open-file limit. */
  max: number;
  retryAfterSeconds: number;
}

/**
 * The key a peer address counts under: an IPv6 client holds a whole /64 (one host may pick any
 * address in it), so it counts by its /64; IPv4 (mapped ones included) by its address.
 */
export function addressKey(remote: string | undefined): string {
  if (!remote) return 'unknown';
  if (remote.startsWith('::ffff:') && remote.includes('.')) return remote.slice(7);
  if (!isIPv6(remote)) return remote;
  const [head = '', tail] = remote.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Caps the connections a server holds, per peer address and in total (issue 40: one client's
 * 20,000 half-open connections took every file descriptor, and nobody else got in). The newest
 * connection is the one refused, never an established one: a connection over a limit gets its
 * answer (429 or 503 with Retry-After, written before any request is read) and is closed. Runs
 * ahead of the HTTP server's own listener, so a refused socket costs no parser or request.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): { open(): number } {
  const perAddress = new Map<string, number>();
  let open = 0;
  const tooMany = refusalBytes(REFUSALS.tooManyConnections, limits.retryAfterSeconds);
  const full = refusalBytes(REFUSALS.serverFull, limits.retryAfterSeconds);
  const refuse = (socket: Socket, answer: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Ended at once (the server's own listener sees writableEnded and leaves it alone), closed
    // once written, before a request on it is read.
    socket.end(answer);
    socket.once('finish', () => socket.destroy());
  };

  server.prependListener('connection', (socket: Socket) => {
    if (open >= limits.max) return refuse(socket, full);
    const key = addressKey(socket.remoteAddress);
    const held = perAddress.get(key) ?? 0;
    if (limits.perAddress > 0 && held >= limits.perAddress) return refuse(socket, tooMany);
    open++;
    perAddress.set(key, held + 1);
    socket.once('close', () => {
      open--;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left <= 0) perAddress.delete(key);
      else perAddress.set(key, left);
    });
  });
  return { open: () => open };
}
