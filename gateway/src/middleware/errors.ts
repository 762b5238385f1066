import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toHttpError, type Logger } from '@touchline/kit';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Every failure becomes {message} with the right status; internals stay in the log. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON body' });
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body too large' });
      return;
    }
    if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
      res.status(415).json({ message: 'Unsupported body encoding' });
      return;
    }
    // One table (libs/kit errors.ts): 202 pending, 503/504 with Retry-After, 4xx with {message}.
    const { status, body, headers } = toHttpError(error);
    if (status >= 500) logger.error({ err: error, path: req.path, status }, 'request failed');
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route ${req.method} ${req.path}` });
};
