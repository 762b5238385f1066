/** Peers take at most 1,000 ids per call: larger lists go in slices, in order. */
export async function chunked<T>(
  ids: readonly number[],
  call: (slice: number[]) => Promise<T[]>,
  size = 1_000,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await call(ids.slice(i, i + size))));
  return out;
}
