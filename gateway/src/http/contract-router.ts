import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { BodyOf, ParamsOf, QueryOf, Reply, RouteDef } from '@touchline/contract';
import { frozenInDev, invalid, runWithContext } from '@touchline/kit';
import { NOT_SIGNED_IN } from '../middleware/auth';
import { idempotencyKey } from '../middleware/params';
import { requestContext } from '../middleware/request-budget';
import { idempotencyScope } from './idempotency-scope';
import { SameKeyCalls } from './same-key-calls';
import { describeIssue } from '../middleware/validate';
import { sendJsonAnswer } from './json-answer';
import { sendSharedAnswer } from './shared-answer';
import { sharedJson } from './shared-json';

/** What a handler of a contract route gets: its input, validated and typed by the route's schemas. */
export interface RouteContext<R extends RouteDef> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  /** The signed-in user's id (contract routes with auth 'session' run behind requireSession). */
  userId: R['auth'] extends 'session' ? number : number | undefined;
  /** The client's Idempotency-Key, or a fresh key (each request is then a new operation). */
  idempotencyKey: string;
  req: Request;
  res: Response;
}

export type RouteHandler<R extends RouteDef> = (context: RouteContext<R>) => Promise<Reply<R>>;

export interface RouteOptions {
  /** Middleware run after validation and before the handler (rate limits, a raw body parser …). */
  before?: RequestHandler[];
}

function parse<S extends z.ZodType>(schema: S, value: unknown, describe: (e: z.ZodError) => string) {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describe(result.error));
  return result.data;
}

/** A path parameter's own message names it already ('id must be a positive whole number'). */
const paramMessage = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid path';

/** Query strings remembered per route; a client making up new ones only empties the memo. */
const QUERIES_PER_ROUTE = 256;

/**
 * The route's query, validated, by the request's raw query string: a crowd sends the same few (the
 * market's first page), and parsing them (express parses `req.query` at each read) and zod were a
 * tenth of a shared read's CPU. The value is shared by the requests that sent the same string, so
 * it is frozen in development and tests; a query that fails validation is not kept.
 */
function parsedQueries(schema: z.ZodType): (req: Request) => unknown {
  const known = new Map<string, unknown>();
  return (req) => {
    const at = req.url.indexOf('?');
    const raw = at === -1 ? '' : req.url.slice(at + 1);
    if (known.has(raw)) return known.get(raw);
    const query = frozenInDev(parse(schema, req.query, describeIssue));
    if (known.size >= QUERIES_PER_ROUTE) known.clear();
    known.set(raw, query);
    return query;
  };
}

/** One process's operations in flight by their key: a copy sent again meanwhile shares the answer. */
const sameKeyCalls = new SameKeyCalls<Reply<RouteDef>>();

/** The contract routes of each ContractRouter's express router, with their paths as it matches them. */
const routesByRouter = new WeakMap<Router, { method: string; path: string }[]>();

/** The routes an express router made by a ContractRouter serves (none for any other router). */
export function contractRoutesOf(router: Router): readonly { method: string; path: string }[] {
  return routesByRouter.get(router) ?? [];
}

/**
 * An express router whose routes come only from the contract: each is validated by its route's
 * schemas and its handler answers one of the statuses the route declares, with that status's body.
 */
export class ContractRouter {
  readonly router = Router();

  /** @param mountedAt where the router is mounted (its routes' paths are relative to it). */
  constructor(private readonly mountedAt: '/api' | '' = '/api') {
    routesByRouter.set(this.router, []);
  }

  private register(route: RouteDef): string {
    const path = this.pathOf(route);
    routesByRouter.get(this.router)!.push({ method: route.method, path });
    return path;
  }

  add<R extends RouteDef>(route: R, handler: NoInfer<RouteHandler<R>>, options: RouteOptions = {}): this {
    if (route.eventStream) throw new Error(`${route.path} is an event stream: register it with stream()`);
    const run: RequestHandler = (req, res, next) => {
      const call = () => handler(this.contextOf(route, req, res) as RouteContext<R>);
      const idempotency = idempotencyScope(route, req, res.locals.input as never);
      // The services hear whose key it is with every call the handler makes (kit's grpc/client.ts).
      // Only a signed-in user's copies share an answer: the auth routes also set cookies on `res`.
      const scoped = (): Promise<Reply<RouteDef>> =>
        idempotency ? runWithContext(requestContext(req, idempotency), call) : call();
      const answer =
        idempotency && route.auth === 'session'
          ? sameKeyCalls.join(idempotency, idempotencyKey(req), scoped)
          : scoped();
      answer
        .then((reply) => {
          if (reply.headers) res.set(reply.headers);
          const json = sharedJson(reply.body);
          if (json === undefined) return sendJsonAnswer(req, res, reply.status, reply.body);
          return sendSharedAnswer(req, res, reply.status, reply.body as object, json);
        })
        .catch(next);
    };
    this.router[route.method](this.register(route), this.validate(route), ...(options.before ?? []), run);
    return this;
  }

  /**
   * A route whose answer is a text/event-stream: the handler opens it and resolves once something
   * else (the live hub) holds it, so nothing of the request's middleware stays alive with it. An
   * error before the first byte is an ordinary {message} answer.
   */
  stream<R extends RouteDef & { eventStream: true }>(
    route: R,
    handler: NoInfer<(context: RouteContext<R>) => Promise<void>>,
    options: RouteOptions = {},
  ): this {
    this.router[route.method](this.register(route), ...this.streamHandlers(route, handler, options));
    return this;
  }

  /** stream()'s handlers, for an app that registers the route itself (ahead of its routers). */
  streamHandlers<R extends RouteDef & { eventStream: true }>(
    route: R,
    handler: NoInfer<(context: RouteContext<R>) => Promise<void>>,
    options: RouteOptions = {},
  ): RequestHandler[] {
    const run: RequestHandler = (req, res, next) => {
      handler(this.contextOf(route, req, res) as RouteContext<R>).catch(next);
    };
    return [this.validate(route), ...(options.before ?? []), run];
  }

  private pathOf(route: RouteDef): string {
    return route.path.slice(this.mountedAt.length);
  }

  private validate(route: RouteDef): RequestHandler {
    const queryOf = route.query ? parsedQueries(route.query) : undefined;
    return (req, res, next) => {
      // The contract says who may call: a route for signed-in users refuses anyone else, wherever it is mounted.
      if (route.auth === 'session' && !req.session) {
        res.status(401).json({ message: NOT_SIGNED_IN });
        return;
      }
      const input = {
        params: route.params ? parse(route.params, req.params, paramMessage) : {},
        query: queryOf ? queryOf(req) : {},
        body: route.body && !route.rawBody ? parse(route.body, req.body ?? {}, describeIssue) : undefined,
      };
      res.locals.input = input;
      // What a failure answers may depend on the route (middleware/errors.ts: pending or not).
      res.locals.route = route;
      next();
    };
  }

  private contextOf(route: RouteDef, req: Request, res: Response): RouteContext<RouteDef> {
    const { params, query, body } = res.locals.input as { params: never; query: never; body: never };
    return {
      params,
      query,
      // A raw body (Stripe's signed bytes) is read by the parser in `before`, after validation.
      body: route.rawBody ? (req.body as never) : body,
      userId: req.session?.userId as number,
      idempotencyKey: idempotencyKey(req),
      req,
      res,
    };
  }
}
