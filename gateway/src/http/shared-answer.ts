import type { Request, Response } from 'express';
import { preferredCoding, type Coding } from './accept-encoding';
import { COMPRESS_THRESHOLD_BYTES } from './compress-answers';
import { contentHash, etagOf, notModified, SHARED_CACHE_CONTROL } from './conditional';
import { compressJson, JSON_CODINGS } from './json-answer';

/** The compressed copies of a shared body's JSON, by coding; keyed by the body, like its JSON. */
const copies = new WeakMap<object, Partial<Record<Coding, Promise<Buffer>>>>();

/** `json` (the JSON of `body`) compressed with `coding`, once per body and coding. */
export function sharedCompressed(body: object, json: string, coding: Coding): Promise<Buffer> {
  let byCoding = copies.get(body);
  if (!byCoding) copies.set(body, (byCoding = {}));
  let copy = byCoding[coding];
  if (!copy) {
    // As a promise even when made at once: a throw is a failed copy, kept from no one.
    copy = new Promise<Buffer>((resolve) => resolve(compressJson(json, coding)));
    byCoding[coding] = copy;
    // A failed compression is not kept: the next request tries again.
    copy.catch(() => delete byCoding[coding]);
  }
  return copy;
}

/**
 * Sends a shared body (many requests answered with the same object, see shared-json.ts) as JSON. A
 * large one goes out compressed as the client accepts, from the copy made for the first request:
 * the market page or the catalog of 858 players were gzipped again for every request. A body of the
 * shared-answer store carries an ETag and its Cache-Control, and a client that has it gets 304.
 */
export async function sendSharedAnswer(
  req: Request,
  res: Response,
  status: number,
  body: object,
  json: string,
): Promise<void> {
  res.vary('Accept-Encoding');
  const coding =
    json.length >= COMPRESS_THRESHOLD_BYTES
      ? preferredCoding(req.get('accept-encoding'), JSON_CODINGS)
      : undefined;
  const hash = status === 200 ? contentHash(body, json) : undefined;
  if (hash !== undefined) {
    res.set({ ETag: etagOf(hash, coding), 'Cache-Control': SHARED_CACHE_CONTROL });
    if (notModified(req.get('if-none-match'), hash)) {
      res.status(304).end();
      return;
    }
  }
  res.status(status).type('json');
  if (!coding) {
    res.send(json);
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await sharedCompressed(body, json, coding);
  } catch {
    // zlib failing is no reason to lose the answer: it goes out plain, under the plain bytes' ETag.
    if (hash !== undefined) res.set('ETag', etagOf(hash, undefined));
    res.send(json);
    return;
  }
  res.set('Content-Encoding', coding).send(bytes);
}
