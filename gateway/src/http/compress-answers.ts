import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this an answer is sent as it is: compressing a few hundred bytes saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

function compressible(req: Request, res: Response): boolean {
  // An event stream stays open and must reach the browser event by event: compression would hold
  // events back in its buffer until enough bytes gathered.
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/**
 * gzip or brotli for the web app's pages and the files without a precompressed copy, above 1 KB,
 * when the browser accepts it (the /api answers compress themselves: json-answer.ts). Files
 * already encoded (the precompressed assets) are left alone by the middleware.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESS_THRESHOLD_BYTES, filter: compressible });
}
