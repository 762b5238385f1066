/** The content codings the gateway can send, best first: brotli is smaller than gzip for our assets. */
export type Coding = 'br' | 'gzip';

/**
 * The best coding of `available` (in that order of preference) that an Accept-Encoding header allows,
 * or undefined for the plain file. A coding counts when it, or `*`, is listed with a q above 0;
 * `br;q=0` refuses brotli even when `*` is there.
 */
export function preferredCoding(
  header: string | undefined,
  available: readonly Coding[],
): Coding | undefined {
  if (!header) return undefined;
  // Browsers send a handful of distinct headers: each is parsed once (per list of codings).
  let byHeader = chosen.get(available);
  if (!byHeader) chosen.set(available, (byHeader = new Map()));
  if (byHeader.has(header)) return byHeader.get(header);
  const coding = parsePreferred(header, available);
  if (byHeader.size >= CHOSEN_PER_LIST) byHeader.clear();
  byHeader.set(header, coding);
  return coding;
}

/** Headers remembered per list of codings; a client making up new ones only empties the memo. */
const CHOSEN_PER_LIST = 64;
const chosen = new WeakMap<readonly Coding[], Map<string, Coding | undefined>>();

function parsePreferred(header: string, available: readonly Coding[]): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  return available.find((coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0);
}
