import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

const HealthClient = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health');

/** One grpc.health.v1 Check, as the kubelet's native gRPC probe makes it. */
export function grpcHealth(address: string, service: string): Promise<string> {
  const client = new HealthClient(address, grpc.credentials.createInsecure());
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      '/grpc.health.v1.Health/Check',
      (v: { service: string }) => Buffer.from(healthService.Check!.requestSerialize(v)),
      (b: Buffer) => healthService.Check!.responseDeserialize(b) as { status: string },
      { service },
      { deadline: Date.now() + 2_000 },
      (error, reply) => {
        client.close();
        resolve(error ? `error: ${error.message}` : String(reply?.status));
      },
    );
  });
}

/** Polls until `check` returns `want` or the time is up; returns the last answer. */
export async function waitFor(check: () => Promise<string>, want: string, seconds: number): Promise<string> {
  let last = '';
  for (let i = 0; i < seconds * 2; i++) {
    last = await check();
    if (last === want) return last;
    await new Promise((r) => setTimeout(r, 500));
  }
  return last;
}

export async function httpStatus(url: string): Promise<string> {
  return fetch(url).then(
    (r) => String(r.status),
    (e: unknown) => `error: ${(e as Error).message}`,
  );
}
