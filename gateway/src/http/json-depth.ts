const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** How deep a JSON body may nest: no body of the contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the UTF-8 bytes of a JSON text nest arrays and objects deeper than `max`, found with one
 * loop over the bytes and a counter (no recursion, so no depth can overflow it). Brackets inside
 * strings do not count; in UTF-8 the bytes of `"`, `\` and brackets never occur inside another
 * character. Malformed text is left to the parser.
 */
export function nestsDeeperThan(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return false;
}
