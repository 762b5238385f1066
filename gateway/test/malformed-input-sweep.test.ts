import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@touchline/contract';
import {
  listenLocally,
  PASSWORD,
  randomIp,
  sessionCookie,
  startGatewayHarness,
  uniqueEmail,
  type GatewayHarness,
} from './support';
import request from 'supertest';

/**
 * Issue 29, item 5: a sweep of malformed input over every operation of /api/openapi.json (so a new
 * route is swept as soon as the contract has it), for an anonymous and a signed-in caller, in the
 * embedded and the stack configuration. It found 54 answers of 500 per sweep: `%FF`, `%C0%80` or
 * `%ED%A0%80` in a path parameter, and a 7,900-level nested array (15.8 kB) that overflowed the
 * stack of the control-character check. Every probe is refused at the transport, before any
 * handler runs, so it changes nothing and needs no upstream but identity (for the session).
 */
let gw: GatewayHarness;
let stack: Awaited<ReturnType<typeof listenLocally>>;
let cookie: string;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

const STACK_HOST = 'touchline.example.com';

beforeAll(async () => {
  gw = await startGatewayHarness();
  stack = await listenLocally(gw.appWith({ EMBEDDED: 'false', PUBLIC_URL: `https://${STACK_HOST}` }));
  const res = await request(gw.baseUrl)
    .post('/api/register')
    .set('X-Forwarded-For', randomIp())
    .send({ email: uniqueEmail('sweep'), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  cookie = `tl_session=${sessionCookie(res)!.value}`;
});
afterAll(async () => {
  agent.destroy();
  await stack?.close();
  await gw?.close();
});

interface Answer {
  status: number;
  type: string | undefined;
  text: string;
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(data ? { 'Content-Length': String(data.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            type: res.headers['content-type'],
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` for a parameter. */
  path: string;
  params: string[];
  bodyLimit: number;
  rawBody: boolean;
}

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string }[]; 'x-body-limit': number; 'x-raw-body'?: true }
    >
  >;
};

function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      bodyLimit: op['x-body-limit'],
      rawBody: op['x-raw-body'] === true,
    })),
  );
}

const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

interface Probe {
  name: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status and message; undefined for a raw-body route, which must answer some 4xx. */
  expect: [number, string];
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const MALFORMED_PATH: [number, string] = [400, 'Malformed percent-encoding in the path'];
const NOT_JSON: [number, string] = [415, 'Request bodies must be JSON (Content-Type: application/json)'];

function probesFor(op: Operation): Probe[] {
  const probes: Probe[] = [];
  for (const param of op.params)
    for (const bad of ['%FF', '%C0%80', '%ED%A0%80'])
      probes.push({ name: `${param}=${bad}`, path: fill(op.path, { [param]: bad }), expect: MALFORMED_PATH });
  const path = fill(op.path);
  probes.push({ name: 'a segment ending in %FF', path: `${path}%FF`, expect: MALFORMED_PATH });
  const attack = nested(7_900);
  probes.push(
    {
      name: '33 levels of nesting',
      path,
      headers: JSON_TYPE,
      body: nested(33),
      expect: [400, 'JSON body nested too deeply'],
    },
    {
      name: 'the 7,900 levels of the attack (15.8 kB)',
      path,
      headers: JSON_TYPE,
      body: attack,
      expect:
        attack.length > op.bodyLimit ? [413, 'Request body too large'] : [400, 'JSON body nested too deeply'],
    },
    {
      name: `a body of x-body-limit + 1 bytes (${op.bodyLimit + 1})`,
      path,
      headers: JSON_TYPE,
      body: JSON.stringify({ pad: 'x'.repeat(op.bodyLimit - 9) }),
      expect: [413, 'Request body too large'],
    },
    { name: 'malformed JSON', path, headers: JSON_TYPE, body: '{"a":', expect: [400, 'Malformed JSON body'] },
    {
      name: 'a NUL in a body field',
      path,
      headers: JSON_TYPE,
      body: '{"name":"a\\u0000b"}',
      expect: [400, 'name: must not contain control characters'],
    },
    {
      name: 'an ESC in a field name',
      path,
      headers: JSON_TYPE,
      body: '{"a\\u001b":1}',
      expect: [400, 'a field name: must not contain control characters'],
    },
    {
      name: 'a NUL in the query string',
      path: `${path}?q=%00`,
      expect: [400, 'q: must not contain control characters'],
    },
    {
      name: 'UTF-16 JSON',
      path,
      headers: { 'Content-Type': 'application/json; charset=utf-16le' },
      body: '{}',
      expect: [415, 'Unsupported body encoding'],
    },
  );
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])
    probes.push({
      name: `Content-Type ${type}`,
      path,
      headers: { 'Content-Type': type },
      body: 'a=1',
      expect: NOT_JSON,
    });
  probes.push({ name: 'a body without Content-Type', path, body: '{}', expect: NOT_JSON });
  return probes;
}

/** Every probe of every operation; what answered otherwise than expected, one line each. */
async function sweep(baseUrl: string, headers: Record<string, string>) {
  const res = await send(`${baseUrl}/api/openapi.json`, 'GET', headers);
  expect(res.status, res.text).toBe(200);
  const operations = operationsOf(JSON.parse(res.text) as Document);
  const failures: string[] = [];
  let requests = 0;
  for (const op of operations) {
    await Promise.all(
      probesFor(op).map(async (probe) => {
        requests++;
        const answer = await send(
          `${baseUrl}${probe.path}`,
          op.method,
          { ...headers, ...probe.headers },
          probe.body,
        );
        const line = `${op.method} ${op.path}, ${probe.name}: ${answer.status} ${answer.text.slice(0, 120)}`;
        let body: unknown;
        try {
          body = JSON.parse(answer.text);
        } catch {
          body = undefined;
        }
        const isError =
          answer.status >= 400 &&
          answer.status < 500 &&
          /^application\/json/.test(answer.type ?? '') &&
          typeof (body as { message?: unknown })?.message === 'string' &&
          Object.keys(body as object).length === 1;
        if (!isError) failures.push(line);
        else if (
          !op.rawBody &&
          (answer.status !== probe.expect[0] || (body as { message: string }).message !== probe.expect[1])
        )
          failures.push(`${line} (expected ${probe.expect.join(' ')})`);
      }),
    );
  }
  return { operations, failures, requests };
}

describe('malformed input over every route of /api/openapi.json (issue 29, item 5)', () => {
  const callers = {
    anonymous: () => ({}),
    'signed in': () => ({ Cookie: cookie }),
  };
  const modes = {
    embedded: () => ({ baseUrl: gw.baseUrl, headers: {} }),
    stack: () => ({ baseUrl: stack.baseUrl, headers: { Host: STACK_HOST, Origin: `https://${STACK_HOST}` } }),
  };

  for (const [mode, at] of Object.entries(modes))
    for (const [caller, credentials] of Object.entries(callers))
      it(`${mode} mode, ${caller}: every probe of every operation is a 4xx {message}, none a 5xx`, async () => {
        const { baseUrl, headers } = at();
        // The caller is who it says: a signed-in caller gets past the session check to validation.
        const who = await send(`${baseUrl}/api/market/buy/x`, 'POST', { ...headers, ...credentials() });
        expect(who.status, who.text).toBe(caller === 'anonymous' ? 401 : 400);
        const { operations, failures, requests } = await sweep(baseUrl, { ...headers, ...credentials() });
        expect(operations).toHaveLength(allRoutes.length);
        expect(requests).toBeGreaterThanOrEqual(operations.length * 14);
        expect(failures).toEqual([]);
      });
});
