import net from 'node:net';
import { limitConnections, type ConnectionLimits } from '@touchline/gateway/connection-limits';

export interface Front {
  port: number;
  /** Stops listening and drops every connection it carries. */
  close(): Promise<void>;
}

export interface FrontOptions {
  /** Where the browser connects (the stack's PORT); 0 for any free port. */
  port: number;
  host?: string;
  /** The gateways' ports on 127.0.0.1. */
  backends: readonly number[];
  /**
   * The gateways behind see only the front's address, so the limits per client address are the
   * front's (the gateways keep their head deadlines, which end a half-open connection on both sides).
   */
  limits?: ConnectionLimits;
  log?(line: string): void;
}

/**
 * The stack's stand-in for a Kubernetes Service in front of several gateways: a TCP front on the
 * public port that hands each new connection to the next gateway in turn. It forwards bytes and
 * nothing else, so HTTP keep-alive, compression and the live stream (SSE, one long response) pass
 * as they are; a connection stays with its gateway until it closes. A gateway that refuses the
 * connection (killed, restarting) is skipped for the next; nothing was sent to it yet.
 * The gateways see the front's address as the client's, as behind any layer-4 balancer.
 */
export async function startFront(options: FrontOptions): Promise<Front> {
  const { backends } = options;
  if (backends.length === 0) throw new Error('the front needs at least one gateway');
  const open = new Set<net.Socket>();
  let next = 0;

  const connect = (client: net.Socket, attempt: number) => {
    const port = backends[next++ % backends.length]!;
    const upstream = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    upstream.once('error', () => {
      upstream.destroy();
      if (client.destroyed) return;
      if (attempt + 1 < backends.length) return connect(client, attempt + 1);
      options.log?.(`[front] no gateway took the connection (ports ${backends.join(', ')})`);
      client.destroy();
    });
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      if (client.destroyed) return void upstream.destroy();
      open.add(upstream);
      upstream.setNoDelay(true);
      // Bytes the client sent meanwhile waited in its socket: piping now delivers them in order.
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', () => {
        open.delete(upstream);
        end();
      });
    });
  };

  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    if (client.writableEnded) return; // refused by the limits
    open.add(client);
    client.once('close', () => open.delete(client));
    // Until the gateway answers the connect, an error here only ends the client.
    client.on('error', () => client.destroy());
    connect(client, 0);
  });
  if (options.limits) limitConnections(server, options.limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
