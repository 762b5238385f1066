import net from 'node:net';

/** The startup message's protocol version 3.0; other codes there are SSL, GSS or cancel requests. */
const PROTOCOL_3 = 196608;
/** Frontend messages that run a statement: a simple query ('Q') or an extended-protocol Execute ('E'). */
const QUERY = 'Q'.charCodeAt(0);
const EXECUTE = 'E'.charCodeAt(0);
/** Messages whose bodies name a statement's text: Parse (a name and its text) and Bind (the name bound). */
const PARSE = 'P'.charCodeAt(0);
const BIND = 'B'.charCodeAt(0);

/** A statement's text as counted: whitespace runs as one space, numbers as N, at most 120 characters. */
export const statementShape = (text: string): string =>
  text.replace(/\s+/g, ' ').trim().replace(/\d+/g, 'N').slice(0, 120);

/** The NUL-terminated string at `at` in `body`, and where the next field starts. */
function cString(body: Buffer, at: number): [string, number] {
  const end = body.indexOf(0, at);
  const stop = end < 0 ? body.length : end;
  return [body.toString('utf8', at, stop), stop + 1];
}

/**
 * Reads the frontend side of one Postgres connection (a stream of chunks) and calls `onStatement`
 * for each statement sent, after `onUser` with the role from the startup message. With `texts`, it
 * is given the statement's text (a prepared statement's from the Parse that named it); without,
 * only the message headers are read and bodies are skipped.
 */
export function frontendReader(
  onUser: (user: string) => void,
  onStatement: (text?: string) => void,
  texts = false,
) {
  let pending = Buffer.alloc(0);
  let skip = 0;
  let started = false;
  /** Prepared statements' texts by name ('' is the unnamed one), and the one the next Execute runs. */
  const prepared = new Map<string, string>();
  let bound = '';
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
      const type = buf[i]!;
      const length = buf.readInt32BE(i + 1);
      const read = texts && (type === QUERY || type === PARSE || type === BIND);
      if (read && buf.length - i < 1 + length) break; // wait for the whole body
      if (read) {
        const body = buf.subarray(i + 5, i + 1 + length);
        if (type === QUERY) onStatement(statementShape(cString(body, 0)[0]));
        else if (type === PARSE) {
          const [name, next] = cString(body, 0);
          prepared.set(name, statementShape(cString(body, next)[0]));
        } else bound = cString(body, cString(body, 0)[1])[0];
        i += 1 + length;
        continue;
      }
      if (type === EXECUTE) onStatement(texts ? (prepared.get(bound) ?? '?') : undefined);
      else if (type === QUERY) onStatement();
      skip = length - 4;
      i += 5;
    }
    pending = Buffer.from(buf.subarray(i));
  };
}

/**
 * A TCP proxy in front of Postgres that counts the statements each role sends. pg_stat_statements
 * is not loaded on the shared server (it needs a restart), and log_statement would add the cost of
 * writing every statement to the Postgres CPU being measured; the proxy costs the bench's process
 * instead. Each service connects as its own role, so the count is per service. With `texts`, it also
 * counts each statement under its text (bench:cost's BENCH_SQL_TEXTS=1: what a kind's statements are).
 */
export class PgStatementCounter {
  private readonly counts = new Map<string, number>();
  /** With `texts`: statements by role and text, keyed `role<TAB>text`. */
  private readonly byText = new Map<string, number>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly texts = false,
  ) {
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

  /** Statements so far by role and text (`role<TAB>text`); empty unless counting texts. */
  textSnapshot(): Map<string, number> {
    return new Map(this.byText);
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
      (text) => {
        this.counts.set(role, (this.counts.get(role) ?? 0) + 1);
        if (text === undefined) return;
        const key = `${role}\t${text}`;
        this.byText.set(key, (this.byText.get(key) ?? 0) + 1);
      },
      this.texts,
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
