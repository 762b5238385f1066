import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredCoding, type Coding } from './accept-encoding';
import { COMPRESS_THRESHOLD_BYTES } from './compress-answers';

/** The codings the gateway's JSON answers come in, best first. */
export const JSON_CODINGS: readonly Coding[] = ['br', 'gzip'];
/**
 * Brotli's quality for JSON answers. 2, not the 4 the compression middleware used: on the answers
 * the web asks (1.5–18 KB of JSON) it costs 20–40% less CPU for at most 1% more bytes (an 18 KB
 * collection: 0.040 vs 0.064 ms, 1,653 vs 1,648 bytes; 6 KB: 0.023 vs 0.038 ms, 747 vs 713 bytes;
 * Node 24, this repository's 2-core machine, 2026-12-01). Quality 1 is smaller still in CPU but 45%
 * larger on the big answers.
 */
const BROTLI_QUALITY = 2;
/**
 * Above this an answer is compressed on the thread pool: a large collection's JSON would hold the
 * event loop for a millisecond or more. Below it one synchronous call costs less than the hop.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      // The encoder sizes its window and tables to the input instead of its 4 MB default.
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * `json` in `coding`: synchronously when small (see SYNC_COMPRESS_MAX_BYTES), else off the loop.
 * Every JSON answer the gateway compresses goes through here (shared-answer.ts once per body).
 */
export function compressJson(json: string, coding: Coding): Buffer | Promise<Buffer> {
  const size = Buffer.byteLength(json);
  if (size <= SYNC_COMPRESS_MAX_BYTES)
    return coding === 'br' ? brotliCompressSync(json, brotliOptions(size)) : gzipSync(json);
  return coding === 'br' ? brotliAsync(json, brotliOptions(size)) : gzipAsync(json);
}

/**
 * Sends an answer the gateway composed for one request as JSON, compressed in one call as the
 * client accepts when it is 1 KB or more. The compression middleware did it through a zlib stream
 * per answer (bench:cost: 0.2 ms of the gateway's CPU on a per-user read of a few KB, a third of
 * the gateway's share; one call costs a fifth of that), and wrapped every /api answer to do so.
 */
export async function sendJsonAnswer(
  req: Request,
  res: Response,
  status: number,
  body: unknown,
): Promise<void> {
  const json = JSON.stringify(body);
  res.status(status).type('json');
  if (json.length < COMPRESS_THRESHOLD_BYTES) {
    res.send(json);
    return;
  }
  res.vary('Accept-Encoding');
  const coding =
    req.method === 'HEAD' ? undefined : preferredCoding(req.get('accept-encoding'), JSON_CODINGS);
  if (!coding) {
    res.send(json);
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await compressJson(json, coding);
  } catch {
    // zlib failing (out of memory) is no reason to lose the answer: it goes out as it is.
    res.send(json);
    return;
  }
  res.set('Content-Encoding', coding).send(bytes);
}
