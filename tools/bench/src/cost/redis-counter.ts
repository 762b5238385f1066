import net from 'node:net';

/**
 * Counts the commands clients send to one Redis database, through MONITOR. The server is shared
 * with other benches (INFO commandstats counts every database's commands): MONITOR's lines name
 * the database each command ran in. Commands a Lua script runs (source `lua`) are not round trips
 * and are left out. MONITOR slows the server a little for everyone while it runs; the bench holds
 * it only for its own duration.
 */
export class RedisCommandCounter {
  private count = 0;
  private readonly byCommand = new Map<string, number>();
  private socket: net.Socket | undefined;

  constructor(private readonly url: string) {}

  /** The database number of a redis:// URL (its path), 0 by default. */
  get database(): string {
    return new URL(this.url).pathname.slice(1) || '0';
  }

  async start(): Promise<void> {
    const url = new URL(this.url);
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve).once('error', reject);
    });
    if (url.password) socket.write(`AUTH ${decodeURIComponent(url.password)}\r\n`);
    socket.write('MONITOR\r\n');
    let rest = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\r\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const command = monitoredCommand(line, this.database);
        if (command === undefined) continue;
        this.count++;
        this.byCommand.set(command, (this.byCommand.get(command) ?? 0) + 1);
      }
    });
  }

  /** Commands so far: the total, and by command name. */
  snapshot(): { total: number; byCommand: Map<string, number> } {
    return { total: this.count, byCommand: new Map(this.byCommand) };
  }

  stop(): void {
    this.socket?.destroy();
  }
}

/**
 * The command of one MONITOR line (`+1700000000.123456 [3 127.0.0.1:41234] "get" "key"`), lower
 * case, when a client sent it to `database`; undefined for another database's, a Lua script's
 * (`[3 lua]`) or a line that is not a command.
 */
export function monitoredCommand(line: string, database: string): string | undefined {
  const match = /^\+\S+ \[(\d+) ([^\]]+)\] "([^"]*)"/.exec(line);
  if (!match || match[1] !== database || match[2] === 'lua') return undefined;
  return match[3]!.toLowerCase();
}
