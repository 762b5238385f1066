/** The rejection of a call that must fail, for matching its gRPC code and message. */
export function failure(promise: Promise<unknown>): Promise<{ code: number; details: string }> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as { code: number; details: string },
  );
}
