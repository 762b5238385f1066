import net from 'node:net';

export type ProxyMode = 'pass' | 'paused' | 'down';

/**
 * A TCP proxy in front of a service, for fault tests: 'pass' forwards, 'paused' keeps connections
 * open but forwards nothing (a peer that hangs: callers hit their deadline), 'down' drops every
 * connection and refuses new ones (a peer that crashed: callers get UNAVAILABLE at once).
 * Bytes held while paused are delivered, in order, when it passes again.
 */
export interface TcpProxy {
  address: string;
  mode: ProxyMode;
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

interface Pipe {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const [host, port] = [
    target.slice(0, target.lastIndexOf(':')),
    Number(target.slice(target.lastIndexOf(':') + 1)),
  ];
  const pipes = new Set<Pipe>();
  let mode: ProxyMode = 'pass';

  const flow = (pipe: Pipe) => {
    for (const socket of [pipe.client, pipe.upstream]) {
      if (mode === 'paused') socket.pause();
      else socket.resume();
    }
  };

  const server = net.createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    const pipe = { client, upstream };
    pipes.add(pipe);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pipes.delete(pipe);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    flow(pipe);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;

  return {
    address: `127.0.0.1:${own}`,
    get mode() {
      return mode;
    },
    set(next) {
      mode = next;
      for (const pipe of [...pipes]) {
        if (next === 'down') {
          pipe.client.destroy();
          pipe.upstream.destroy();
          pipes.delete(pipe);
        } else flow(pipe);
      }
    },
    async close() {
      for (const pipe of pipes) {
        pipe.client.destroy();
        pipe.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
