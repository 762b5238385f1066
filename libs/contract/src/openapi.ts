import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { DEFAULT_BODY_LIMIT, openApiPath, type RouteDef } from './route';
import { api } from './routes';
import { ErrorBody } from './schemas/common';

const IdempotencyHeaders = z.object({
  'Idempotency-Key': z.string().max(128).optional().meta({
    description:
      "A retry with the same key is the same operation (one per user action). The key is the caller's on this route: another user's key is another key; the same key with another request is 422",
  }),
});

const LastEventIdHeaders = z.object({
  'Last-Event-ID': z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .meta({ description: 'The id of the last event received: the stream resumes after it' }),
});

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
} as const;

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Pending: the outcome is not known yet; a retry with the same Idempotency-Key returns it',
  400: 'Invalid input (the message names the field)',
  401: 'Not signed in',
  403: 'Forbidden (not yours, or a state-changing request from another origin)',
  404: 'Not found',
  409: 'Conflict (the state changed: sold, taken, a different price …)',
  413: "Request body too large (over the operation's x-body-limit bytes)",
  415: 'Unsupported body encoding',
  422: 'Refused by a business rule',
  429: 'Too many requests',
  500: 'Something went wrong on our side',
  503: 'A service is temporarily unavailable',
  504: 'A service took too long to answer',
};

/** The statuses a route shares with others by what it is (validated, signed-in, mutating …). */
function sharedStatuses(route: RouteDef): number[] {
  const mutating = route.method !== 'get';
  // A read that runs out of time upstream is refused (503): only a change's outcome can be unknown.
  const statuses = mutating ? [500, 503, 504] : [500, 503];
  // 429 also when a client has too many requests in flight (the gateway sheds them), reads included.
  if (!route.rawBody) statuses.push(429);
  if (route.params || route.query || route.body) statuses.push(400);
  if (route.auth === 'session') statuses.push(401);
  if (mutating && !route.rawBody) statuses.push(403);
  if (route.body) statuses.push(413, 415);
  // The same Idempotency-Key with another request.
  if (route.idempotent) statuses.push(422);
  return statuses;
}

function operation(area: string, name: string, route: RouteDef): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const statuses = new Set([...Object.keys(route.responses).map(Number), ...sharedStatuses(route)]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const schema = route.responses[status] ?? ErrorBody;
    responses[String(status)] = {
      description: REASONS[status] ?? String(status),
      content:
        route.eventStream && status === 200
          ? { 'text/event-stream': { schema } }
          : { 'application/json': { schema } },
      ...(status === 503 || status === 429 ? { headers: RETRY_AFTER } : {}),
      ...(status < 300 && route.responseHeaders
        ? {
            headers: Object.fromEntries(
              Object.entries(route.responseHeaders).map(([header, description]) => [
                header,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    };
  }
  return {
    operationId: `${area}.${name}`,
    tags: [area],
    summary: route.summary,
    security: route.auth === 'session' ? [{ session: [] }] : [],
    requestParams: {
      ...(route.params ? { path: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.idempotent ? { header: IdempotencyHeaders } : {}),
      ...(route.eventStream ? { header: LastEventIdHeaders } : {}),
    },
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : {}),
    // Every request's body is measured, a route's with no body too (413 beyond).
    'x-body-limit': route.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Signed bytes (Stripe's webhook): read as they came, never parsed or checked as JSON here.
    ...(route.rawBody ? { 'x-raw-body': true } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every /api route, generated from the contract. */
export function openApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const [area, routes] of Object.entries(api)) {
    for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
      const path = (paths[openApiPath(route.path)] ??= {});
      path[route.method] = operation(area, name, route);
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Touchline API',
      version: '1.0.0',
      description:
        'Every /api route of Touchline. Errors are {message}. Sessions are an HttpOnly cookie set by sign-in and sign-up.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tl_session' } },
    },
    paths,
  });
}
