import express, { type RequestHandler } from 'express';
import { DEFAULT_BODY_LIMIT, type RouteDef } from '@touchline/contract';
import { nestsDeeperThan, MAX_JSON_DEPTH } from '../http/json-depth';

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * A path whose percent-encoding is not UTF-8 (`%FF`, the overlong `%C0%80`, the surrogate
 * `%ED%A0%80`) is refused with 400 before any router decodes it into a parameter (express would
 * throw while matching the route).
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).json({ message: 'Malformed percent-encoding in the path' });
    return;
  }
  next();
};

/** body-parser passes a verify error on with its status and type (errors.ts answers it). */
class TransportError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: string,
  ) {
    super(message);
  }
}

/**
 * Runs before the JSON parser turns the bytes into values: a body nested deeper than MAX_JSON_DEPTH
 * would overflow the stack of whatever walks it next (the control-character check, zod). JSON
 * exchanged between systems is UTF-8 (RFC 8259), the only charset the depth scan reads.
 */
function verifyJson(_req: unknown, _res: unknown, bytes: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw new TransportError('JSON bodies must be UTF-8', 415, 'charset.unsupported');
  if (nestsDeeperThan(bytes))
    throw new TransportError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 400, 'entity.too.deep');
}

interface SizedRoute {
  method: string;
  pattern: RegExp;
  limit: number;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i');

/**
 * The JSON body parser of /api: a body of another type is 415, one over its route's limit 413 (the
 * default 16 kB, or RouteDef.bodyLimit), one nested too deep 400, all before anything reads it.
 * `routes` are the contract's; the limit is picked by the request's method and path.
 */
export function jsonBodies(routes: readonly RouteDef[]): RequestHandler {
  const sized: SizedRoute[] = routes
    .filter((r) => r.bodyLimit !== undefined && !r.rawBody)
    .map((r) => ({ method: r.method.toUpperCase(), pattern: patternOf(r.path), limit: r.bodyLimit! }));
  const parsers = new Map<number, RequestHandler>();
  const parserFor = (limit: number) => {
    let parser = parsers.get(limit);
    if (!parser) {
      parser = express.json({ limit, strict: true, type: JSON_TYPES, verify: verifyJson });
      parsers.set(limit, parser);
    }
    return parser;
  };
  return (req, res, next) => {
    const length = req.get('content-length');
    const hasBody = req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !req.is(JSON_TYPES)) {
      res.status(415).json({ message: 'Request bodies must be JSON (Content-Type: application/json)' });
      return;
    }
    const path = req.baseUrl + req.path;
    const route = sized.find((r) => r.method === req.method && r.pattern.test(path));
    parserFor(route?.limit ?? DEFAULT_BODY_LIMIT)(req, res, next);
  };
}
