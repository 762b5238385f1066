import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** Who may call a route: anyone, anyone (the session is read when there is one), or a signed-in user. */
export type RouteAuth = 'none' | 'optional' | 'session';

/**
 * One /api route: its method and path (express syntax, `:id`), what it takes and every status it
 * answers with its body. Success statuses (2xx) carry their own schema; an error status carries
 * {message} (or its own schema when it says more, like a refunded pack purchase).
 */
export interface RouteDef {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is raw bytes (Stripe's signed webhook), not parsed JSON. */
  rawBody?: true;
  /** The most bytes the body may have (413 beyond); DEFAULT_BODY_LIMIT when unset. */
  bodyLimit?: number;
  /** The route honours an Idempotency-Key header: a retry with the same key is the same operation. */
  idempotent?: true;
  /** Statuses the route answers besides the ones every route shares (400, 401, 429, 500, 503 …). */
  responses: { [status: number]: z.ZodType };
  /**
   * The 200 answer is a text/event-stream (Server-Sent Events) that stays open; responses[200] is the
   * schema of one event's data. The gateway registers it with ContractRouter.stream.
   */
  eventStream?: true;
  /** Response headers worth naming in the OpenAPI document. */
  responseHeaders?: Record<string, string>;
}

/** What a request body may weigh unless its route says otherwise: 16 kB. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Declares a route, keeping its literal types (the gateway's handler and the web's call are typed by them). */
export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type SchemaOf<R, K extends keyof RouteDef> = R extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What the route's handler receives after validation. */
export type ParamsOf<R extends RouteDef> = [SchemaOf<R, 'params'>] extends [never]
  ? Record<string, never>
  : z.output<SchemaOf<R, 'params'>>;
export type QueryOf<R extends RouteDef> = [SchemaOf<R, 'query'>] extends [never]
  ? Record<string, never>
  : z.output<SchemaOf<R, 'query'>>;
export type BodyOf<R extends RouteDef> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : z.output<SchemaOf<R, 'body'>>;
/** What a client sends as the body (defaults may be left out). */
export type BodyInputOf<R extends RouteDef> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : z.input<SchemaOf<R, 'body'>>;

type SuccessStatus = 200 | 201 | 202 | 204;
export type StatusOf<R extends RouteDef> = keyof R['responses'] & number;

/** One answer of a route: a status it declares and that status's body. */
export type Reply<R extends RouteDef> = {
  [S in StatusOf<R>]: { status: S; body: z.input<R['responses'][S]>; headers?: Record<string, string> };
}[StatusOf<R>];

/** The body of any successful answer of a route (what a client's call resolves to). */
export type SuccessOf<R extends RouteDef> = {
  [S in StatusOf<R>]: S extends SuccessStatus ? z.output<R['responses'][S]> : never;
}[StatusOf<R>];

/** The path with its parameters filled in: pathOf(buyCard, { id: 7 }) is '/api/market/buy/7'. */
export function pathOf(route: Pick<RouteDef, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The OpenAPI form of an express path: /api/teams/:id/players is /api/teams/{id}/players. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
