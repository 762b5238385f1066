import http from 'node:http';

/**
 * The load driver's HTTP client: node:http over kept-alive sockets. The driver shares the machine's
 * cores with the stack it measures, and Node 20's fetch (undici) cost about 0.35 ms more client CPU
 * per request than this (measured side by side on one machine): CPU the stack could not use.
 */
export class HttpDriver {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly base: URL;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
  }

  post(path: string, cookie: string, body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path,
          method: 'POST',
          agent: this.agent,
          headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
