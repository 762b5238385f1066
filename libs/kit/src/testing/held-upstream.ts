import * as grpc from '@grpc/grpc-js';

/** One call the fake upstream received and holds: its request, the deadline it came with, its answer. */
export interface HeldCall {
  method: string;
  request: unknown;
  /** The call's deadline as the server sees it (ms since the epoch); Infinity without one. */
  deadline: number;
  /** When the server received it (ms since the epoch), to read the deadline as time left. */
  receivedAt: number;
  answer(response: unknown): void;
}

export interface HeldUpstream {
  address: string;
  /** Every call received so far, answered or not. */
  readonly calls: HeldCall[];
  /** Answers every held call that is not answered yet with `response`. */
  releaseAll(response: unknown): void;
  close(): Promise<void>;
}

/**
 * A gRPC server for one service definition that answers no call until the test releases it: for
 * shedding and deadline tests, which fill an upstream's slots and look at what reached it.
 */
export async function startHeldUpstream(
  definition: grpc.ServiceDefinition,
  methods: readonly string[],
): Promise<HeldUpstream> {
  const calls: HeldCall[] = [];
  const pending = new Set<HeldCall>();
  const server = new grpc.Server();
  const handlers: grpc.UntypedServiceImplementation = {};
  for (const method of methods) {
    handlers[method] = (
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const deadline = call.getDeadline();
      const held: HeldCall = {
        method,
        request: call.request,
        deadline: deadline instanceof Date ? deadline.getTime() : deadline,
        receivedAt: Date.now(),
        answer: (response) => {
          if (pending.delete(held)) callback(null, response);
        },
      };
      calls.push(held);
      pending.add(held);
      // A caller that gave up (its deadline): nothing to answer any more.
      call.on('cancelled', () => pending.delete(held));
    };
  }
  server.addService(definition, handlers);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    calls,
    releaseAll(response) {
      for (const held of [...pending]) held.answer(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.forceShutdown();
        resolve();
      }),
  };
}
