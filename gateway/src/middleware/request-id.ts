import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, runWithContext } from '@touchline/kit';

/** Takes a sane incoming x-request-id or makes one; echoed back and passed to every gRPC call. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER);
  req.requestId = incoming && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  res.set(REQUEST_ID_HEADER, req.requestId);
  runWithContext({ requestId: req.requestId }, next);
};
