import net from 'node:net';

/** The startup message's protocol version 3.0; other codes there are SSL, GSS or cancel requests. */
const PROTOCOL_3 = 196608;
/** Frontend messages that run a statement: a simple query ('Q') or an extended-protocol Execute ('E'). */
const STATEMENT_TYPES = new Set(['Q'.charCodeAt(0), 'E'.charCodeAt(0)]);

/**
 * Reads the frontend side of one Postgres connection (a stream of chunks) and calls `onStatement`
 * for each statement sent, after `onUser` with the role from the startup message. Only the message
 * headers are read; bodies are skipped.
 */
export function frontendReader(onUser: (user: string) => void, onStatement: () => void) {
  let pending = Buffer.alloc(0);
  let skip = 0;
  let started = false;
  return (chunk: Buffer): void => {
    const buf = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    let i = 0;
    while (i < buf.length) {
      if (skip > 0) {
        const n = Math.min(skip, buf.length - i);
        i += n;
        skip -= n;
        continue;
      }
      if (!started) {
        // Length-prefixed, no type byte; small, so wait until all of it is here.
        if (buf.length - i < 8) break;
        const length = buf.readInt32BE(i);
        if (buf.length - i < length) break;
        if (buf.readInt32BE(i + 4) === PROTOCOL_3) {
          const pairs = buf
            .subarray(i + 8, i + length)
            .toString()
            .split('\0');
          const at = pairs.indexOf('user');
          onUser(at >= 0 ? pairs[at + 1]! : '?');
          started = true;
        }
        i += length;
        continue;
      }
      if (buf.length - i < 5) break;
      if (STATEMENT_TYPES.has(buf[i]!)) onStatement();
      skip = buf.readInt32BE(i + 1) - 4;
      i += 5;
    }
    pending = Buffer.from(buf.subarray(i));
  };
}

/**
 * A TCP proxy in front of Postgres that counts the statements each role sends. pg_stat_statements
 * is not loaded on the shared server (it needs a restart), and log_statement would add the cost of
 * writing every statement to the Postgres CPU being measured; the proxy costs the bench's process
 * instead. Each service connects as its own role, so the count is per service.
 */
export class PgStatementCounter {
  private readonly counts = new Map<string, number>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.connect(client));
  }

  /** Listens on loopback; returns the URL to give the stack instead of the server's. */
  async listen(port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return `postgres://postgres@127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** Statements so far, by role. */
  snapshot(): Map<string, number> {
    return new Map(this.counts);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connect(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    let role = '?';
    const read = frontendReader(
      (user) => (role = user),
      () => this.counts.set(role, (this.counts.get(role) ?? 0) + 1),
    );
    client.on('data', read);
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  }
}
