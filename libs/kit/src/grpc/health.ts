import type * as grpc from '@grpc/grpc-js';
import * as grpcRuntime from '@grpc/grpc-js';
import { HealthImplementation, service as healthServiceDefinition } from 'grpc-health-check';
import type { Logger } from 'pino';

type ServingStatus = 'SERVING' | 'NOT_SERVING';

/**
 * grpc.health.v1 whose answer is real: SERVING only while the dependency probe (the service's
 * database) answers, and NOT_SERVING for good once shutdown has begun. The probe runs when asked: a
 * Check whose last probe is older than the interval probes again first (one probe for the callers
 * of that moment), so an idle process that nobody asks holds no timer and sends no query, and a
 * probed one (Kubernetes' gRPC probes, /readyz) answers from a probe at most one interval old.
 */
export class HealthReporter {
  private readonly health: HealthImplementation;
  private intervalMs = 0;
  /** performance.now() when the last probe started. */
  private probedAt = -Infinity;
  private probing: Promise<void> | undefined;
  private stopped = false;
  private current: ServingStatus = 'NOT_SERVING';

  constructor(
    private readonly serviceNames: string[],
    private readonly probe: () => Promise<void>,
    private readonly logger: Logger,
  ) {
    this.health = new HealthImplementation(
      Object.fromEntries(['', ...serviceNames].map((n) => [n, 'NOT_SERVING'])),
    );
  }

  /** The library's handlers (Watch, List as they are), with a Check that probes when stale. */
  addToServer(server: grpc.Server): void {
    const handlers: grpc.UntypedServiceImplementation = {};
    this.health.addToServer({
      addService: (_definition: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation) =>
        Object.assign(handlers, implementation),
    } as unknown as grpc.Server);
    const check = handlers.check as grpc.handleUnaryCall<unknown, unknown>;
    server.addService(healthServiceDefinition as grpc.ServiceDefinition, {
      ...handlers,
      check: (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) =>
        void this.fresh().then(() => check(call, callback)),
    });
  }

  get status(): ServingStatus {
    return this.current;
  }

  /** Probes now; later Checks probe again once this is `intervalMs` old. */
  async start(intervalMs: number): Promise<void> {
    this.intervalMs = intervalMs;
    await this.check();
  }

  async check(): Promise<void> {
    if (this.stopped) return;
    this.probedAt = performance.now();
    try {
      await this.probe();
      this.set('SERVING');
    } catch (error) {
      if (this.current === 'SERVING')
        this.logger.error({ err: error }, 'health probe failed: reporting NOT_SERVING');
      this.set('NOT_SERVING');
    }
  }

  /** Probes unless the last probe is recent (or one is running: its callers wait for it). */
  private fresh(): Promise<void> {
    if (this.probing) return this.probing;
    if (this.stopped || performance.now() - this.probedAt < this.intervalMs) return Promise.resolve();
    this.probing = this.check().finally(() => (this.probing = undefined));
    return this.probing;
  }

  /** From the moment shutdown begins: NOT_SERVING, and no probe may flip it back. */
  stop(): void {
    this.stopped = true;
    this.set('NOT_SERVING');
  }

  private set(status: ServingStatus): void {
    if (this.stopped && status === 'SERVING') return;
    this.current = status;
    for (const name of ['', ...this.serviceNames]) this.health.setStatus(name, status);
  }
}

/**
 * Asks a server's grpc.health.v1 service for a status (what /readyz and probes use). For a list of
 * replicas' addresses: SERVING when one of them serves (calls go round-robin to the ready ones, as
 * a Kubernetes Service is ready with one ready pod), else the first replica's status.
 */
export async function checkHealth(address: string, service = '', timeoutMs = 1_000): Promise<string> {
  const replicas = address.split(',').map((a) => a.trim());
  if (replicas.length === 1) return checkOne(replicas[0]!, service, timeoutMs);
  const statuses = await Promise.all(replicas.map((a) => checkOne(a, service, timeoutMs)));
  return statuses.includes('SERVING') ? 'SERVING' : statuses[0]!;
}

function checkOne(address: string, service: string, timeoutMs: number): Promise<string> {
  const Client = grpcRuntime.makeGenericClientConstructor(
    healthServiceDefinition as grpc.ServiceDefinition,
    'Health',
  );
  const client = new Client(address, grpcRuntime.credentials.createInsecure());
  return new Promise<string>((resolve) => {
    const check = (client as unknown as { Check: (...args: unknown[]) => void }).Check;
    check.call(
      client,
      { service },
      { deadline: Date.now() + timeoutMs },
      (error: grpc.ServiceError | null, response?: { status?: string | number }) => {
        client.close();
        resolve(error ? 'UNREACHABLE' : String(response?.status ?? 'UNKNOWN'));
      },
    );
  });
}
