import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { RouteDef } from '@touchline/contract';
import { RETRY_AFTER_SECONDS, toHttpError, type Logger } from '@touchline/kit';
import { timeoutAnswer } from './shedding';

/** What body-parser and the router throw: an http-errors error, `expose` when it is the client's fault. */
interface TransportError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Our own words for the client's transport errors (their messages may quote the request back). */
const TRANSPORT_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.deep': 'JSON body nested too deeply',
  'entity.too.large': 'Request body too large',
  'encoding.unsupported': 'Unsupported body encoding',
  'charset.unsupported': 'Unsupported body encoding',
  'request.size.invalid': 'The body is not as long as Content-Length says',
};

/**
 * Every failure becomes {message} with the right status; internals stay in the log.
 * `retryAfterSeconds`: of a read refused because its upstream call ran out of time (shedding.ts).
 */
export function errorHandler(logger: Logger, retryAfterSeconds = RETRY_AFTER_SECONDS): ErrorRequestHandler {
  return (thrown: unknown, req, res, next) => {
    if (res.headersSent) return next(thrown);
    // The contract route that failed, when it was one (http/contract-router.ts): does it answer pending?
    const route = res.locals.route as RouteDef | undefined;
    const error = timeoutAnswer(
      thrown,
      {
        method: req.method,
        idempotencyKey: req.get('idempotency-key'),
        answersPending: route?.responses[202] !== undefined,
      },
      retryAfterSeconds,
    );
    const transport = error as TransportError | undefined;
    // A client error express or a parser raised (a body too large, too deep or malformed, a path it
    // could not decode): its 4xx status, never a 500.
    const clientStatus = transport?.status;
    if (transport?.expose && clientStatus && clientStatus >= 400 && clientStatus < 500) {
      res
        .status(clientStatus)
        .json({ message: TRANSPORT_MESSAGES[transport.type ?? ''] ?? 'Malformed request' });
      return;
    }
    // One table (libs/kit errors.ts): 202 pending, 503/504 with Retry-After, 4xx with {message}.
    const { status, body, headers } = toHttpError(error);
    // A refusal that asks the client to come back (503 with Retry-After) is the crowd's overload
    // answer, not a fault, and touchline_http_refused_total counts it: a debug line only. At warn,
    // one line each cost 3.7% of the gateway's CPU (a 500-player crowd's profile, 2026-12-01), spent
    // exactly while the gateway sheds load.
    if (status >= 500 && headers?.['Retry-After'])
      logger.debug(
        { path: req.path, status, reason: (error as Error | undefined)?.message },
        'request refused',
      );
    else if (status >= 500) logger.error({ err: error, path: req.path, status }, 'request failed');
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route ${req.method} ${req.path}` });
};
