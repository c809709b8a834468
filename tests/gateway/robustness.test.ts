/**
 * Generated-input robustness of the gateway (fast-check).
 *
 * 1. Every method of the contract gets at least MIN_REQUESTS_PER_METHOD malformed or hostile
 *    calls (wrong types for each declared field, missing and extra fields, hostile envelope
 *    params, broken envelopes), over the three transports (JSON envelope, form field "json",
 *    POST /api/<method>).
 *    These go in process (fastify's inject: the same routes, body parsers and limits, no socket);
 *    the requests of part 2, whose subject is HTTP itself, go over a real socket.
 * 2. Hostile bodies and requests not tied to a method: random JSON, batches (empty, mixed,
 *    over MAX_BATCH), invalid JSON, random bytes, random content types, form bodies without
 *    "json", other HTTP methods, random paths under /api, bodies around the 1 MiB limit.
 * 3. Afterwards the gateway still answers correctly and its tables are all there.
 *
 * Every answer is checked against a model of the transport and the dispatcher: the status,
 * a well-formed JSON-RPC 2.0 body, the code (catalogue codes the method may answer, or the
 * transport code the bytes actually sent call for), the result against the method's result
 * schema, and the absence of anything that looks like a stack trace.
 *
 * Every run uses the same seed; try others with FC_SEED=<seed> (a failure prints the one to repeat).
 */
import { sql } from '../../server/kernel/db/sql';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeParamNames, languages } from '../../contract/common.contract';
import { allErrorCodes, ErrorCode } from '../../contract/errors.contract';
import type { MethodDefinition } from '../../contract/method.contract';
import { contract } from '../../contract/methods.contract';
import { BODY_LIMIT } from '../../server/gateway/http/app';
import { MAX_BATCH } from '../../server/gateway/dispatcher';
import { allErrorsOf } from '../../server/gateway/openrpc';
import type { RawResponse } from '../support/http-client';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Each method gets at least 35 hostile calls in both database projects (70 generated runs, the
// seed fixed): enough to meet every rule of its params, and the suite's crash tests stay short.
// ROBUSTNESS_RUNS=200 (say) runs a deeper pass by hand; at least half of the runs must reach
// the gateway.
const RUNS_PER_METHOD = Number(process.env.ROBUSTNESS_RUNS ?? 70);
const MIN_REQUESTS_PER_METHOD = Math.floor(RUNS_PER_METHOD / 2);
const HOSTILE_RUNS = 500;
const MIN_HOSTILE_REQUESTS = 100;
const CONCURRENT_BURST = 150;
const TIMEOUT = 120_000;

const methodEntries = Object.entries(contract) as [string, MethodDefinition][];
const methodNames = methodEntries.map(([name]) => name);

/** The seed is fixed for every property test (tests/support/fast-check-seed.ts). */
function runParameters<T>(numRuns: number): fc.Parameters<T> {
  return { numRuns };
}

// ---------------------------------------------------------------------------------------------
// What an answer may look like
// ---------------------------------------------------------------------------------------------

interface RpcAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: { field?: string; rule?: string } };
}

type Route = { kind: 'api' } | { kind: 'path'; method: string };

interface Outgoing {
  method: string;
  path: string;
  host?: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const catalogueCodes = new Set<number>(allErrorCodes);
const transportCodes = { parseError: ErrorCode.parseError, invalidRequest: ErrorCode.invalidRequest } as const;

const STACK_PATTERNS: RegExp[] = [
  /\n\s+at\s/,
  /\\n\s+at\s/,
  /node_modules/,
  /\.ts:/,
  /\.[cm]?js:\d+:\d+/,
  /\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/,
];

function leakedStack(text: string): string | undefined {
  return STACK_PATTERNS.find((pattern) => pattern.test(text))?.source;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isValidId(id: unknown): boolean {
  return id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** JSON-RPC 2.0 request rules the dispatcher applies before it looks at the method. */
function isIntactEnvelope(item: unknown): item is Record<string, unknown> & { method: string } {
  return isRecord(item) && item.jsonrpc === '2.0' && typeof item.method === 'string' && isValidId(item.id);
}

/** A notification gets no answer at all (it still needs params by name, else it is refused). */
function isSilent(item: unknown): boolean {
  return isIntactEnvelope(item) && item.id === undefined && (item.params === undefined || isRecord(item.params));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function preview(value: string | Buffer | undefined, max = 300): string {
  if (value === undefined) return '<no body>';
  const text = typeof value === 'string' ? value : `<bytes> ${value.toString('hex')}`;
  return text.length > max ? `${JSON.stringify(text.slice(0, max))}... (${text.length} chars)` : JSON.stringify(text);
}

function labelOf(req: Outgoing, res?: RawResponse): string {
  const headers = JSON.stringify({ ...req.headers, ...(req.host !== undefined ? { host: req.host } : {}) });
  const request = `${req.method} ${req.path} ${headers} body(${req.body === undefined ? 0 : Buffer.byteLength(req.body)} B)=${preview(req.body)}`;
  return res ? `${request}\n  -> ${res.status} ${preview(res.text, 500)}` : request;
}

/** Shape of one JSON-RPC 2.0 response object. */
function expectRpcAnswer(value: unknown, label: string): RpcAnswer {
  expect(isRecord(value), `not a response object: ${label}`).toBe(true);
  const answer = value as Record<string, unknown>;
  expect(answer.jsonrpc, label).toBe('2.0');
  expect('id' in answer, `no id: ${label}`).toBe(true);
  expect(answer.id === null || typeof answer.id === 'string' || typeof answer.id === 'number', `bad id: ${label}`).toBe(true);
  expect(
    Object.keys(answer).filter((k) => !['jsonrpc', 'id', 'result', 'error'].includes(k)),
    label,
  ).toEqual([]);
  expect('result' in answer !== 'error' in answer, `result xor error: ${label}`).toBe(true);
  if ('error' in answer) {
    const error = answer.error;
    expect(isRecord(error), label).toBe(true);
    const e = error as Record<string, unknown>;
    expect(Number.isInteger(e.code), `code not an integer: ${label}`).toBe(true);
    expect(catalogueCodes.has(e.code as number), `code outside the catalogue: ${label}`).toBe(true);
    // 000 is the dispatcher's answer to an internal failure: no input may cause one.
    expect(e.code, `internal failure (000) on this input: ${label}`).not.toBe(ErrorCode.unknownException);
    expect(typeof e.message === 'string' && e.message.trim() !== '', `empty message: ${label}`).toBe(true);
    expect(
      Object.keys(e).filter((k) => !['code', 'message', 'data'].includes(k)),
      label,
    ).toEqual([]);
    if ('data' in e) {
      expect(isRecord(e.data), label).toBe(true);
      const data = e.data as Record<string, unknown>;
      // field and rule name what was refused; a refused sign-in also counts (attemptsLeft, retryAfter).
      for (const key of Object.keys(data)) {
        expect(['field', 'rule', 'attemptsLeft', 'retryAfter'], label).toContain(key);
        if (key === 'field' || key === 'rule') expect(typeof data[key], label).toBe('string');
        else expect(Number.isInteger(data[key]) && (data[key] as number) >= 0, label).toBe(true);
      }
    }
  }
  return answer as unknown as RpcAnswer;
}

function parseJsonBody(res: RawResponse, label: string): unknown {
  const parsed = tryParse(res.text);
  expect(parsed.ok, `body is not JSON: ${label}`).toBe(true);
  return parsed.ok ? parsed.value : undefined;
}

function expectTransportError(res: RawResponse, status: number, code: number, label: string): RpcAnswer[] {
  expect(res.status, label).toBe(status);
  const answer = expectRpcAnswer(parseJsonBody(res, label), label);
  expect(answer.error?.code, label).toBe(code);
  expect(answer.id, label).toBeNull();
  return [answer];
}

/** The answer to one envelope, as the dispatcher must give it. */
function checkItemAnswer(item: unknown, answer: RpcAnswer, label: string) {
  if (!isIntactEnvelope(item)) {
    expect(answer.error?.code, `broken envelope must get -32600: ${label}`).toBe(transportCodes.invalidRequest);
    const id = isRecord(item) && isValidId(item.id) && item.id !== undefined ? item.id : null;
    expect(sameJson(answer.id, id), `id ${JSON.stringify(answer.id)} instead of ${JSON.stringify(id)}: ${label}`).toBe(true);
    return;
  }
  expect(sameJson(answer.id, item.id ?? null), `id ${JSON.stringify(answer.id)} instead of ${JSON.stringify(item.id)}: ${label}`).toBe(
    true,
  );
  if (item.params !== undefined && !isRecord(item.params)) {
    expect(answer.error?.code, `params not by name must get 100: ${label}`).toBe(ErrorCode.invalidParams);
    return;
  }
  const definition = Object.hasOwn(contract, item.method) ? (contract as Record<string, MethodDefinition>)[item.method] : undefined;
  if (!definition) {
    expect(answer.error?.code, `unknown method must get 110: ${label}`).toBe(ErrorCode.methodNotFound);
    return;
  }
  if (answer.error) {
    expect(allErrorsOf(definition), `code ${answer.error.code} is not one ${item.method} may answer: ${label}`).toContain(
      answer.error.code,
    );
  } else {
    const parsed = definition.result.safeParse(answer.result);
    expect(parsed.success, `result breaks the contract of ${item.method}: ${parsed.error?.message ?? ''} ${label}`).toBe(true);
  }
}

/** The answer to a parsed body (an envelope or a batch). */
function checkDispatchAnswer(body: unknown, res: RawResponse, label: string): RpcAnswer[] {
  if (Array.isArray(body)) {
    if (body.length === 0) return expectTransportError(res, 200, transportCodes.invalidRequest, label);
    if (body.length > MAX_BATCH) return expectTransportError(res, 200, ErrorCode.batchTooLarge, label);
    const answering = body.filter((item) => !isSilent(item));
    if (answering.length === 0) {
      expect(res.status, label).toBe(204);
      expect(res.text, label).toBe('');
      return [];
    }
    expect(res.status, label).toBe(200);
    const answers = parseJsonBody(res, label);
    expect(Array.isArray(answers), `a batch gets an array: ${label}`).toBe(true);
    const list = answers as unknown[];
    expect(list.length, `one answer per call that is not a notification: ${label}`).toBe(answering.length);
    return list.map((answer, index) => {
      const checked = expectRpcAnswer(answer, label);
      checkItemAnswer(answering[index], checked, `batch item ${index}: ${label}`);
      return checked;
    });
  }
  if (isSilent(body)) {
    expect(res.status, `a notification gets no answer: ${label}`).toBe(204);
    expect(res.text, label).toBe('');
    return [];
  }
  expect(res.status, label).toBe(200);
  const answer = expectRpcAnswer(parseJsonBody(res, label), label);
  checkItemAnswer(body, answer, label);
  return [answer];
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * The answer to a POST body on /api or /api/<method>, modelled from the bytes sent: 413 over
 * 1 MiB, then the form field, blank bodies (-32600), unparseable JSON (-32700), the dispatcher.
 */
function checkBodyAnswer(req: Outgoing, res: RawResponse, route: Route, options: { mayRefuseMediaType?: boolean } = {}): RpcAnswer[] {
  const label = labelOf(req, res);
  expect(res.status, label).toBeGreaterThanOrEqual(200);
  expect(res.status, label).toBeLessThan(500);
  expect(leakedStack(res.text), `stack trace in the answer: ${label}`).toBeUndefined();
  const bytes = req.body === undefined ? 0 : Buffer.byteLength(req.body);
  if (bytes > BODY_LIMIT) return expectTransportError(res, 413, ErrorCode.bodyTooLarge, label);
  expect(res.status, `413 for a body of ${bytes} bytes: ${label}`).not.toBe(413);
  if (options.mayRefuseMediaType && res.status === 415) return expectTransportError(res, 415, transportCodes.invalidRequest, label);
  const text = req.body === undefined ? '' : Buffer.from(req.body).toString('utf8');
  if (route.kind === 'api') {
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const jsonText = contentType === FORM ? new URLSearchParams(text).get('json') : text;
    if (jsonText === null || jsonText.trim() === '') return expectTransportError(res, 200, transportCodes.invalidRequest, label);
    const parsed = tryParse(jsonText);
    if (!parsed.ok) return expectTransportError(res, 200, transportCodes.parseError, label);
    return checkDispatchAnswer(parsed.value, res, label);
  }
  const trimmed = text.trim();
  let params: unknown = {};
  if (trimmed !== '') {
    const parsed = tryParse(trimmed);
    if (!parsed.ok) return expectTransportError(res, 200, transportCodes.parseError, label);
    params = parsed.value;
  }
  return checkDispatchAnswer({ jsonrpc: '2.0', id: null, method: route.method, params }, res, label);
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Numbers JSON.stringify cannot write (-0, 1e400, 30-digit integers) travel as raw literals. */
const RAW_PREFIX = '\u0000raw:';
const rawLiteral = (text: string) => `${RAW_PREFIX}${text}\u0000`;
const RAW_PATTERN = /"\\u0000raw:([-+.eE0-9]+)\\u0000"/g;

function toJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(RAW_PATTERN, '$1');
}

const protoKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];

const sqlLike = fc.constantFrom(
  "' OR '1'='1",
  "admin'--",
  "'; DROP TABLE accounts; --",
  '1; SELECT pg_sleep(10); --',
  "' UNION SELECT token_hash, NULL FROM sessions --",
  '$$; DELETE FROM notices; $$',
  "\\'; TRUNCATE sites CASCADE; --",
  '1) OR (1=1',
  "%' OR 1=1 --",
  "'::inet; --",
  "demo' AND (SELECT count(*) FROM accounts) > 0 --",
  '0x27 OR 1=1',
);
const numberLikeText = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '1e308',
  '1e309',
  '0x1F',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '١٢٣',
  '９９',
  '9007199254740993',
  '99999999999999999999999',
  '1.0',
  '.5',
  '5.',
  '',
  '00001',
  '1,5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
);
const rawNumber = fc
  .constantFrom(
    '-0',
    '1e400',
    '-1e400',
    '1e308',
    '-1e308',
    '123456789012345678901234567890',
    '4.9e-324',
    '1E2',
    '1.000',
    '-9007199254740993',
    '0.1e1',
    '2e-400',
  )
  .map(rawLiteral);
const specialNumber = fc.constantFrom(
  0,
  -1,
  1,
  2,
  0.5,
  -0.5,
  99,
  100,
  500,
  501,
  1_000_000,
  1_000_001,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
  -1e308,
  Number.EPSILON,
);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.maxSafeInteger(),
  specialNumber,
  rawNumber,
);
const oddChar = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301',
  '𝕏',
  '中',
  '\\',
  '"',
  "'",
  '`',
  '<',
  '>',
  '&',
  '%',
  '\n',
  '\r',
  '\t',
  '${',
  '{{',
  '../',
);
const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: oddChar, maxLength: 30 }),
  sqlLike,
  numberLikeText,
  fc.constantFrom(...protoKeys),
  fc.constantFrom('<script>alert(1)</script>', '{{7*7}}', '${7*7}', '../../etc/passwd', '%00', '%s%s%s%n', 'A'.repeat(257), 'é'.repeat(65)),
);
/** 1 KB .. 100 KB (UTF-16 units) of a repeated seed, cut anywhere (a cut may split a surrogate pair). */
const hugeString = fc
  .tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), oddChar, sqlLike), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));
const protoObject = fc
  .tuple(fc.constantFrom(...protoKeys), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) => Object.fromEntries([[key, value]]) as Record<string, unknown>);
const pollution = fc.constantFrom<Record<string, unknown>>(
  Object.fromEntries([['__proto__', { polluted: 'yes', level: 0, isMain: true }]]),
  { constructor: { prototype: { polluted: 'yes' } } },
  Object.fromEntries([['__proto__', Object.fromEntries([['__proto__', { polluted: 'yes' }]])]]),
);
const deeplyNested = fc.tuple(fc.integer({ min: 50, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});
const scalar: fc.Arbitrary<unknown> = fc.oneof(anyNumber, weirdString, fc.boolean(), fc.constant(null));

/**
 * Well-formed values no column or product time holds (docs/api.md, rules `time-range` and
 * `id-range`): far-past and far-future times (the year 0000 is none PostgreSQL reads), ids and
 * serials past a bigint, alone, in a list and as a window. Each must be refused by the contract
 * (100) before it reaches the database.
 */
const EDGE_TIMES = [
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00Z',
  '1899-12-31T23:59:59.999Z',
  '2100-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
];
const EDGE_IDS = ['0', '9223372036854775808', '9999999999999999999', '99999999999999999999'];
const edgeValues: unknown[] = [
  ...EDGE_TIMES,
  ...EDGE_IDS,
  ...EDGE_IDS.map((id) => [id]),
  { startTime: EDGE_TIMES[0], endTime: EDGE_TIMES[4] },
  { startTime: '2026-01-01T00:00:00Z', endTime: EDGE_TIMES[3] },
];
const edgeValue = fc.constantFrom(...edgeValues);

function hostileValues(withHuge: boolean): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: scalar, weight: 8 },
    { arbitrary: fc.array(scalar, { maxLength: 5 }), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: fc.dictionary(weirdString, scalar, { maxKeys: 4 }), weight: 1 },
    { arbitrary: protoObject, weight: 1 },
    { arbitrary: pollution, weight: 1 },
    ...(withHuge
      ? [
          { arbitrary: hugeString as fc.Arbitrary<unknown>, weight: 1 },
          { arbitrary: deeplyNested, weight: 1 },
        ]
      : []),
  );
}
const hostileValue = hostileValues(true);
const smallHostileValue = hostileValues(false);

/** Ids the answer must echo; kept free of anything the stack-trace check would flag. */
const safeId = fc
  .oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -1, 2 ** 53, Number.MAX_VALUE, 5e-324),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.uuid(),
    fc.constant(null),
  )
  .filter((id) => leakedStack(JSON.stringify(id)) === undefined);
const invalidId = fc.oneof(
  fc.boolean(),
  fc.array(smallHostileValue, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }),
  protoObject,
  fc.constantFrom(rawLiteral('1e400'), rawLiteral('-1e400')),
);
/** Anything that is not params by name: JSON arrays, strings, numbers, booleans, null. */
const notByName = fc.oneof(scalar, fc.array(smallHostileValue, { maxLength: 4 }));

const hostHeader = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'localhost',
      'localhost:8080',
      'demo2.localhost:8080',
      'DEMO2.LOCALHOST',
      '127.0.0.1',
      '[::1]:8080',
      '[::1',
      'unknown.example',
      "x'--.example",
      'a'.repeat(300),
      'localhost:',
      '%00.example',
      'demo2.localhost.',
      '_.example',
    ),
    weight: 3,
  },
  { arbitrary: fc.domain(), weight: 1 },
);
const acceptLanguage = fc.constantFrom(undefined, 'en', 'th-TH,th;q=0.9', 'vi', 'xx', '*', 'EN-us', 'zh-CN,zh;q=0.9,en;q=0.8', 'id;q=0');
const jsonContentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json-rpc',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/jsonrequest',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/octet-stream',
);
const formContentType = fc.constantFrom(FORM, `${FORM}; charset=UTF-8`, 'Application/X-WWW-Form-Urlencoded');
const queryString = fc.option(
  fc
    .array(fc.tuple(fc.string({ maxLength: 8 }), weirdString), { maxLength: 3 })
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  { nil: '' },
);
const formExtras = fc.array(
  fc.tuple(
    fc.string({ maxLength: 10 }).filter((key) => key !== 'json'),
    fc.string({ maxLength: 20 }),
  ),
  { maxLength: 3 },
);

/** Text that is not one JSON value: a cut, trailing junk, single quotes. */
type Mangle = { how: 'cut'; at: number } | { how: 'junk'; junk: string } | { how: 'quotes' };
const mangle: fc.Arbitrary<Mangle> = fc.oneof(
  fc.double({ min: 0, max: 0.999, noNaN: true }).map((at) => ({ how: 'cut' as const, at })),
  fc.constantFrom('}', ',', ']', ' {}', 'x', '\u0000', "'", ' garbage', '\u00a0{').map((junk) => ({ how: 'junk' as const, junk })),
  fc.constant({ how: 'quotes' as const }),
);
function applyMangle(text: string, m: Mangle): string {
  if (m.how === 'cut') return text.slice(0, Math.floor(text.length * m.at));
  if (m.how === 'junk') return text + m.junk;
  return text.replaceAll('"', "'");
}

function headersOf(contentType: string | undefined, language: string | undefined): Record<string, string> {
  return {
    ...(contentType !== undefined ? { 'content-type': contentType } : {}),
    ...(language !== undefined ? { 'accept-language': language } : {}),
  };
}

function merge(...parts: (Record<string, unknown> | [string, unknown][])[]): Record<string, unknown> {
  return Object.fromEntries(parts.flatMap((part) => (Array.isArray(part) ? part : Object.entries(part))));
}

// ---------------------------------------------------------------------------------------------
// Params of one method
// ---------------------------------------------------------------------------------------------

function fieldsOf(definition: MethodDefinition) {
  const shape = definition.params.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => ({ name, schema, required: !schema.safeParse(undefined).success }));
}

/** Values a field's schema accepts, from a fixed list and from its JSON schema (default, enum, bounds). */
function plausibleValues(schema: z.ZodType): unknown[] {
  const candidates: unknown[] = [
    1,
    2,
    10,
    50,
    99,
    100,
    500,
    0,
    '1',
    '2',
    '100',
    '10.50',
    'localhost',
    'demo',
    'demo2.localhost',
    'admin',
    'zh',
    'en',
    '2026-01-01T00:00:00Z',
    '',
    true,
    false,
  ];
  try {
    const doc = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    for (const key of ['default', 'const', 'minimum', 'maximum']) if (doc[key] !== undefined) candidates.push(doc[key]);
    for (const key of ['enum', 'examples']) if (Array.isArray(doc[key])) candidates.push(...(doc[key] as unknown[]));
  } catch {
    // A schema without a JSON schema still has the fixed candidates.
  }
  const seen = new Set<string>();
  return candidates.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key) || !schema.safeParse(value).success) return false;
    seen.add(key);
    return true;
  });
}

function extraKeyArb(declared: string[]) {
  const reserved = new Set([...declared, ...envelopeParamNames]);
  return fc
    .oneof(
      fc.constantFrom(...protoKeys),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('id', 'method', 'jsonrpc', 'params', 'level', 'siteId', 'accountId', 'isMain', 'OPSID', 'opsid', 'ops_id', 'sn', ''),
    )
    .filter((key) => !reserved.has(key));
}

/** Params that should pass: plausible payload values, the real session, sane envelope params, harmless extras. */
function nearValidParams(definition: MethodDefinition, token: string, value: fc.Arbitrary<unknown>) {
  const fields = fieldsOf(definition);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) {
    const plausible = plausibleValues(field.schema);
    const near = plausible.length > 0 ? fc.constantFrom(...plausible) : value;
    model[field.name] = fc.oneof({ arbitrary: near, weight: 6 }, { arbitrary: edgeValue, weight: 1 });
  }
  const payload = fc.record(model, { requiredKeys: fields.filter((f) => f.required).map((f) => f.name) });
  const envelope = fc.record(
    {
      opsId: fc.constant(token),
      ztsLang: fc.constantFrom(...languages),
      requestKey: fc.string({ minLength: 1, maxLength: 64 }),
      terminal: fc.oneof(fc.integer(), fc.string({ maxLength: 16 })),
      fingerOSModel: fc.string({ maxLength: 64 }),
      host: fc.domain(),
    },
    { requiredKeys: ['opsId'] },
  );
  const extras = fc.array(fc.tuple(extraKeyArb(fields.map((f) => f.name)), value), { maxLength: 3 });
  return fc.tuple(extras, envelope, payload).map(([x, e, p]) => merge(x, e, p));
}

/** Wrong types for each declared field (or a plausible value now and then), missing fields, extras, hostile envelope params. */
function hostileParams(definition: MethodDefinition, token: string, value: fc.Arbitrary<unknown>) {
  const fields = fieldsOf(definition);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) {
    const plausible = plausibleValues(field.schema);
    model[field.name] =
      plausible.length > 0 ? fc.oneof({ arbitrary: value, weight: 3 }, { arbitrary: fc.constantFrom(...plausible), weight: 1 }) : value;
  }
  const payload = fc.record(model, { requiredKeys: [] });
  const opsId = fc.oneof(
    { arbitrary: fc.constant(token), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        token.toUpperCase(),
        token.slice(0, -1),
        `${token}x`,
        ` ${token}`,
        `${token}\u0000`,
        'x'.repeat(43),
        '',
        'x'.repeat(257),
      ),
      weight: 1,
    },
    { arbitrary: weirdString, weight: 2 },
    { arbitrary: value, weight: 2 },
  );
  const envelope = fc.record(
    {
      opsId,
      ztsLang: fc.oneof(
        fc.constantFrom(...languages, 'EN', 'en-US', 'xx', '', '__proto__', 'constructor', 'x'.repeat(17)),
        weirdString,
        value,
      ),
      requestKey: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.uuid(), weirdString, value, fc.constant('k'.repeat(65))),
      terminal: fc.oneof(fc.integer(), fc.string({ maxLength: 16 }), value),
      fingerOSModel: fc.oneof(fc.string({ maxLength: 64 }), value),
      host: fc.oneof(fc.domain(), value),
    },
    { requiredKeys: [] },
  );
  const extras = fc.array(fc.tuple(extraKeyArb(fields.map((f) => f.name)), value), { maxLength: 5 });
  return fc.tuple(extras, envelope, payload).map(([x, e, p]) => merge(x, e, p));
}

function paramsArb(definition: MethodDefinition, token: string, value: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { arbitrary: nearValidParams(definition, token, value).map((params) => ({ nearValid: true, params })), weight: 1 },
    { arbitrary: hostileParams(definition, token, value).map((params) => ({ nearValid: false, params })), weight: 2 },
  );
}

// ---------------------------------------------------------------------------------------------
// Part 1: hostile calls of one method over the three transports
// ---------------------------------------------------------------------------------------------

type Transport = 'json' | 'form' | 'path';
type Breakage =
  | { kind: 'none' }
  | { kind: 'params-not-by-name'; value: unknown }
  | { kind: 'bad-json'; mangle: Mangle }
  | { kind: 'blank'; text: string }
  | { kind: 'jsonrpc'; value: unknown }
  | { kind: 'method'; value: unknown }
  | { kind: 'id'; value: unknown }
  | { kind: 'not-an-object'; value: unknown }
  | { kind: 'no-json-field' };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  { arbitrary: fc.constant<Breakage>({ kind: 'none' }), weight: 14 },
  { arbitrary: notByName.map((value): Breakage => ({ kind: 'params-not-by-name', value })), weight: 2 },
  { arbitrary: mangle.map((m): Breakage => ({ kind: 'bad-json', mangle: m })), weight: 2 },
  { arbitrary: fc.constantFrom('', ' ', '\n\t', '\u00a0', '\ufeff').map((text): Breakage => ({ kind: 'blank', text })), weight: 1 },
  {
    arbitrary: fc
      .option(
        smallHostileValue.filter((v) => v !== '2.0'),
        { nil: undefined },
      )
      .map((value): Breakage => ({ kind: 'jsonrpc', value })),
    weight: 1,
  },
  {
    arbitrary: fc
      .option(
        smallHostileValue.filter((v) => typeof v !== 'string'),
        { nil: undefined },
      )
      .map((value): Breakage => ({ kind: 'method', value })),
    weight: 1,
  },
  { arbitrary: invalidId.map((value): Breakage => ({ kind: 'id', value })), weight: 1 },
  { arbitrary: scalar.map((value): Breakage => ({ kind: 'not-an-object', value })), weight: 1 },
  { arbitrary: fc.constant<Breakage>({ kind: 'no-json-field' }), weight: 1 },
);

function methodCaseArb(definition: MethodDefinition, token: string) {
  return fc.record({
    transport: fc.constantFrom<Transport>('json', 'form', 'path'),
    params: paramsArb(definition, token, hostileValue),
    id: safeId,
    breakage,
    host: hostHeader,
    language: acceptLanguage,
    jsonContentType,
    formContentType,
    formExtras,
    query: queryString,
  });
}
type MethodCase = ReturnType<typeof methodCaseArb> extends fc.Arbitrary<infer T> ? T : never;

/** The request of a case and the route it goes to; the breakages that do not apply to the path transport are left out. */
function buildMethodRequest(method: string, c: MethodCase): { req: Outgoing; route: Route; broken: boolean } {
  const b = c.breakage;
  if (c.transport === 'path') {
    let text = toJson(b.kind === 'params-not-by-name' ? b.value : c.params.params);
    if (b.kind === 'bad-json') text = applyMangle(text, b.mangle);
    if (b.kind === 'blank') text = b.text;
    return {
      req: {
        method: 'POST',
        path: `/api/${method}${c.query}`,
        host: c.host,
        headers: headersOf(c.jsonContentType, c.language),
        body: text,
      },
      route: { kind: 'path', method },
      broken: b.kind === 'bad-json',
    };
  }
  const envelope: Record<string, unknown> = { jsonrpc: '2.0', id: c.id, method, params: c.params.params };
  if (b.kind === 'params-not-by-name') envelope.params = b.value;
  if (b.kind === 'jsonrpc') envelope.jsonrpc = b.value;
  if (b.kind === 'method') envelope.method = b.value;
  if (b.kind === 'id') envelope.id = b.value;
  let text = toJson(b.kind === 'not-an-object' ? b.value : envelope);
  if (b.kind === 'bad-json') text = applyMangle(text, b.mangle);
  if (b.kind === 'blank') text = b.text;
  const broken = !['none', 'params-not-by-name'].includes(b.kind) && !(b.kind === 'no-json-field' && c.transport === 'json');
  if (c.transport === 'json') {
    return {
      req: { method: 'POST', path: '/api', host: c.host, headers: headersOf(c.jsonContentType, c.language), body: text },
      route: { kind: 'api' },
      broken,
    };
  }
  const fields: [string, string][] = b.kind === 'no-json-field' ? c.formExtras : [...c.formExtras, ['json', text]];
  return {
    req: {
      method: 'POST',
      path: '/api',
      host: c.host,
      headers: headersOf(c.formContentType, c.language),
      body: new URLSearchParams(fields).toString(),
    },
    route: { kind: 'api' },
    broken,
  };
}

interface MethodStats {
  requests: number;
  results: number;
  errors: number;
  transportErrors: number;
  tooLarge: number;
  byTransport: Record<Transport, number>;
  codes: Record<string, number>;
}

const stats = new Map<string, MethodStats>();

function statsOf(method: string): MethodStats {
  let s = stats.get(method);
  if (!s) {
    s = { requests: 0, results: 0, errors: 0, transportErrors: 0, tooLarge: 0, byTransport: { json: 0, form: 0, path: 0 }, codes: {} };
    stats.set(method, s);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Part 2: hostile requests not tied to a method
// ---------------------------------------------------------------------------------------------

type Expectation =
  { type: 'body'; route: Route; mayRefuseMediaType?: boolean } | { type: 'not-found' } | { type: 'get-route' } | { type: 'loose' };

interface Probe {
  kind: string;
  req: Outgoing;
  expect: Expectation;
}

const HTTP_METHODS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
const GET_ROUTES = ['/api/health', '/api/openrpc.json'];

function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function malformedPercent(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

let badUrlAnswers = 0;
/** Part 2 statuses per kind of probe, for the summary. */
const probeStatuses = new Map<string, Record<string, number>>();

function checkProbe(probe: Probe, res: RawResponse) {
  const { req } = probe;
  const label = `[${probe.kind}] ${labelOf(req, res)}`;
  expect(res.status, label).toBeGreaterThanOrEqual(200);
  expect(res.status, `5xx: ${label}`).toBeLessThan(500);
  expect(leakedStack(res.text), `stack trace in the answer: ${label}`).toBeUndefined();
  const e = probe.expect;
  if (e.type === 'body') {
    checkBodyAnswer(req, res, e.route, { mayRefuseMediaType: e.mayRefuseMediaType ?? false });
    return;
  }
  if (e.type === 'get-route') {
    expect(res.status, label).toBe(200);
    if (req.method === 'HEAD') return;
    expect(isRecord(parseJsonBody(res, label)), label).toBe(true);
    return;
  }
  if (e.type === 'not-found') {
    expect(res.status, label).toBe(404);
    if (req.method === 'HEAD') return;
    expectTransportError(res, 404, transportCodes.invalidRequest, label);
    return;
  }
  // Random paths: what the router makes of them is not modelled, the shape of the answer is.
  const url = new URL(req.path, 'http://gateway.test');
  if (malformedPercent(url.pathname)) {
    // Refused before routing: a JSON-RPC error with HTTP 400, never the framework's own body.
    badUrlAnswers++;
    expect(res.status, label).toBe(400);
    if (req.method !== 'HEAD') expectTransportError(res, 400, transportCodes.invalidRequest, label);
    return;
  }
  if (res.text === '' || req.method === 'HEAD') return;
  const contentType = String(res.headers['content-type'] ?? '');
  if (!contentType.includes('json')) {
    expect(url.pathname.startsWith('/api'), `a non-JSON answer under /api: ${label}`).toBe(false);
    return;
  }
  const body = parseJsonBody(res, label);
  if (!url.pathname.startsWith('/api') || (GET_ROUTES.includes(url.pathname) && (req.method === 'GET' || req.method === 'HEAD'))) return;
  const list = Array.isArray(body) ? body : [body];
  expect(list.length, label).toBeGreaterThan(0);
  for (const answer of list) expectRpcAnswer(answer, label);
}

function probesArb(token: string) {
  const host = hostHeader;
  const anyMethodName = fc.oneof(
    { arbitrary: fc.constantFrom(...methodNames), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        ...protoKeys,
        'rpc.discover.',
        ' node.version',
        'NODE.VERSION',
        'node.version\u0000',
        'gw.credit',
        '',
        'x'.repeat(150),
      ),
      weight: 1,
    },
    { arbitrary: weirdString, weight: 1 },
  );
  const callParams = fc
    .constantFrom(...methodEntries)
    .chain(([, definition]) => paramsArb(definition, token, smallHostileValue))
    .map((p) => p.params);
  const call = fc.record({ jsonrpc: fc.constant('2.0'), id: safeId, method: anyMethodName, params: callParams });
  const notification = fc.record(
    { jsonrpc: fc.constant('2.0'), method: anyMethodName, params: fc.oneof(callParams, notByName) },
    { requiredKeys: ['jsonrpc', 'method'] },
  );
  const brokenCall = fc.record(
    {
      jsonrpc: fc.oneof(fc.constantFrom('1.0', '2', 2, 2.0, null), smallHostileValue),
      id: fc.oneof(safeId, invalidId),
      method: fc.oneof(anyMethodName, smallHostileValue),
      params: fc.oneof(callParams, notByName),
    },
    { requiredKeys: [] },
  );
  const batchItem = fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
    { arbitrary: call, weight: 5 },
    { arbitrary: notification, weight: 2 },
    { arbitrary: brokenCall, weight: 2 },
    { arbitrary: fc.array(call, { maxLength: 2 }), weight: 1 },
  );
  const post = (
    kind: string,
    path: string,
    contentType: string | undefined,
    body: string | Buffer | undefined,
    h: string | undefined,
    route: Route,
    mayRefuseMediaType = false,
  ): Probe => ({
    kind,
    req: { method: 'POST', path, host: h, headers: headersOf(contentType, undefined), body },
    expect: { type: 'body', route, mayRefuseMediaType },
  });
  const api: Route = { kind: 'api' };
  const viaTransport = (kind: string, text: string) =>
    fc
      .tuple(fc.constantFrom<Transport>('json', 'form', 'path'), fc.constantFrom(...methodNames), jsonContentType, formContentType, host)
      .map(([transport, method, jct, fct, h]) => {
        if (transport === 'json') return post(kind, '/api', jct, text, h, api);
        if (transport === 'form') return post(kind, '/api', fct, new URLSearchParams({ json: text }).toString(), h, api);
        return post(kind, `/api/${method}`, jct, text, h, { kind: 'path', method });
      });
  const randomContentType = fc.oneof(
    jsonContentType,
    formContentType,
    fc.constantFrom(
      '',
      'bogus',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'text/html',
      'image/png',
      '*/*',
      'application/json; charset=utf-16',
      'application/json;;',
      ';',
      'application/',
      '/json',
      'application/json; charset="utf-8"; x=y',
    ),
    fc.stringMatching(/^[a-z]{1,10}\/[a-z0-9.+-]{1,20}$/),
  );
  const badJsonText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '{',
      '[',
      '{"jsonrpc":"2.0"',
      "{'jsonrpc':'2.0','id':1,'method':'node.version'}",
      'NaN',
      'undefined',
      '{"a":1,}',
      '[1,]',
      '01',
      '\u0000',
      '{"a":"\\x"}',
      '"\\ud800',
      '{"jsonrpc":"2.0","id":1,"method":"node.version"}}',
      '\ufeff{"jsonrpc":"2.0","id":1,"method":"node.version"}',
      'json=%7B%7D',
      '<?xml version="1.0"?><methodCall/>',
      'null',
      'true',
      '1e400',
      '""',
      '[[]]',
      '{"__proto__":{"polluted":"yes"}}',
    ),
    fc.integer({ min: 1_000, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1_000, max: 50_000 }).map((depth) => '{"a":'.repeat(depth)),
    fc.tuple(call, mangle).map(([c, m]) => applyMangle(toJson(c), m)),
  );
  const pathSegment = fc.oneof(
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom(
      '',
      '.',
      '..',
      '%2e%2e',
      '%2F',
      '%00',
      '%ZZ',
      '%',
      '%C0%AF',
      '%E2%82',
      '%FF',
      '..%2f',
      'health',
      'openrpc.json',
      '__proto__',
      'constructor',
      '*',
      '~',
      ';x=1',
      'a;b',
      '%20',
      '+',
      'x'.repeat(250),
      'node.version%00',
      'rpc.discover',
    ),
    fc.constantFrom(...methodNames),
  );
  const randomPath = fc
    .tuple(
      fc.constantFrom('/api', '/api/', '/api//', '/API/', '/api.json/', '/apix/', '/api/api/'),
      fc.array(pathSegment, { maxLength: 3 }),
      queryString,
    )
    .map(([prefix, segments, query]) => `${prefix}${segments.join('/')}${query}`);
  const maybeBody = fc.option(fc.oneof(call.map(toJson), badJsonText), { nil: undefined });

  const probes: { arbitrary: fc.Arbitrary<Probe>; weight: number }[] = [
    {
      arbitrary: fc
        .tuple(fc.jsonValue({ maxDepth: 4 }), jsonContentType, host)
        .map(([value, ct, h]) => post('json-value', '/api', ct, toJson(value), h, api)),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.array(batchItem, { maxLength: MAX_BATCH }), host)
        .map(([items, h]) => post('batch', '/api', 'application/json', toJson(items), h, api)),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(fc.array(batchItem, { minLength: MAX_BATCH + 1, maxLength: MAX_BATCH + 30 }), host)
        .map(([items, h]) => post('big-batch', '/api', 'application/json', toJson(items), h, api)),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('[]', ' [ ] ', '[[]]', '[{}]', '[null]', '[1,2,3]'), formContentType, fc.boolean())
        .map(([text, ct, form]) =>
          form
            ? post('tiny-batch', '/api', ct, new URLSearchParams({ json: text }).toString(), undefined, api)
            : post('tiny-batch', '/api', 'application/json', text, undefined, api),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.array(batchItem, { minLength: 1, maxLength: 10 }), formContentType)
        .map(([items, ct]) => post('form-batch', '/api', ct, new URLSearchParams({ json: toJson(items) }).toString(), undefined, api)),
      weight: 1,
    },
    { arbitrary: badJsonText.chain((text) => viaTransport('invalid-json', text)), weight: 4 },
    {
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 2_048 }), randomContentType, fc.constantFrom(...methodNames), fc.boolean())
        .map(([bytes, ct, method, toApi]) =>
          post(
            'random-bytes',
            toApi ? '/api' : `/api/${method}`,
            ct,
            Buffer.from(bytes),
            undefined,
            toApi ? api : { kind: 'path', method },
            true,
          ),
        ),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(call, randomContentType, host).map(([c, ct, h]) => post('content-type', '/api', ct, toJson(c), h, api, true)),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(formExtras, formContentType)
        .map(([fields, ct]) => post('form-without-json', '/api', ct, new URLSearchParams(fields).toString(), undefined, api)),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.string({ unit: 'binary', maxLength: 500 }), randomContentType)
        .map(([text, ct]) => post('garbage', '/api', ct, text, undefined, api, true)),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(notification, jsonContentType).map(([n, ct]) => post('notification', '/api', ct, toJson(n), undefined, api)),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          anyMethodName.filter(
            (name) => name !== '' && name !== '.' && name !== '..' && encodable(name) && encodeURIComponent(name).length <= 200,
          ),
          callParams,
          fc.boolean(),
          host,
        )
        .map(([name, params, viaPath, h]) =>
          viaPath
            ? post('unknown-method', `/api/${encodeURIComponent(name)}`, 'application/json', toJson(params), h, {
                kind: 'path',
                method: name,
              })
            : post('unknown-method', '/api', 'application/json', toJson({ jsonrpc: '2.0', id: 1, method: name, params }), h, api),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...HTTP_METHODS),
          fc.oneof(
            fc.constantFrom('/api', ...GET_ROUTES),
            fc.constantFrom(...methodNames).map((m) => `/api/${m}`),
            fc.string({ minLength: 1, maxLength: 30 }).map((s) => `/api/${encodeURIComponent(s)}`),
          ),
          maybeBody,
          jsonContentType,
          host,
        )
        .filter(([, path]) => !['/api/.', '/api/..'].includes(path))
        .map(([method, path, body, ct, h]): Probe => ({
          kind: 'http-method',
          req: { method, path, host: h, headers: headersOf(ct, undefined), ...(body !== undefined && method !== 'HEAD' ? { body } : {}) },
          expect: GET_ROUTES.includes(path) && (method === 'GET' || method === 'HEAD') ? { type: 'get-route' } : { type: 'not-found' },
        })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('POST', 'POST', 'POST', ...HTTP_METHODS), randomPath, maybeBody, jsonContentType, host)
        .map(([method, path, body, ct, h]): Probe => ({
          kind: 'random-path',
          req: { method, path, host: h, headers: headersOf(ct, undefined), ...(body !== undefined && method !== 'HEAD' ? { body } : {}) },
          expect: { type: 'loose' },
        })),
      weight: 3,
    },
    {
      // Around the 1 MiB limit: a valid call padded to an exact size, over each POST transport.
      arbitrary: fc
        .tuple(fc.integer({ min: BODY_LIMIT - 64, max: BODY_LIMIT + 4_096 }), fc.constantFrom<Transport>('json', 'form', 'path'))
        .map(([size, transport]) => {
          const wrap = (pad: string) =>
            transport === 'json'
              ? toJson({ jsonrpc: '2.0', id: 1, method: 'node.version', params: { pad } })
              : transport === 'form'
                ? `json=${encodeURIComponent(toJson({ jsonrpc: '2.0', id: 1, method: 'node.version' }))}&pad=${pad}`
                : toJson({ pad });
          const body = wrap('x'.repeat(Math.max(0, size - Buffer.byteLength(wrap('')))));
          if (transport === 'path')
            return post('oversized', '/api/node.version', 'application/json', body, undefined, { kind: 'path', method: 'node.version' });
          return post('oversized', '/api', transport === 'form' ? FORM : 'application/json', body, undefined, api);
        }),
      weight: 1,
    },
  ];
  return fc.oneof(...probes);
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

let gw: TestGateway;
let token: string;
let baseline: { template: unknown; maintain: unknown; tables: string[] };

async function snapshot() {
  const tables = await gw.db.rows<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return {
    template: (await gw.call('gw.credit.sn.template.get', { ztsLang: 'en' })).result,
    maintain: (await gw.call('sn.agent.maintain')).result,
    tables: tables.map((t) => t.table_name),
  };
}

beforeAll(async () => {
  gw = await startTestGateway();
  token = await gw.sessionFor('admin');
  baseline = await snapshot();
});

afterAll(async () => {
  await gw?.close();
});

describe('every method survives generated malformed and hostile calls', () => {
  for (const [method, definition] of methodEntries) {
    it(
      `${method}: at least ${MIN_REQUESTS_PER_METHOD} hostile calls over the three transports`,
      async () => {
        const s = statsOf(method);
        // Sessions of their own: a method may end the session it runs in (logout).
        const probeToken = await gw.sessionFor('admin');
        const methodToken = await gw.sessionFor('admin');
        // Can this method succeed at all with plausible params? Then the generator must reach success too.
        const requiredPlausible = fieldsOf(definition)
          .filter((f) => f.required)
          .map((f) => [f.name, plausibleValues(f.schema)[0]] as const);
        const probe = await gw.call(method, { opsId: probeToken, ...Object.fromEntries(requiredPlausible) });
        const canSucceed = probe.result !== undefined;

        await fc.assert(
          fc.asyncProperty(methodCaseArb(definition, methodToken), async (c) => {
            const { req, route, broken } = buildMethodRequest(method, c);
            s.requests++;
            s.byTransport[c.transport]++;
            const res = await gw.request(req);
            const answers = checkBodyAnswer(req, res, route);
            // Part 1 never sends a batch or a notification: exactly one answer.
            expect(answers, labelOf(req, res)).toHaveLength(1);
            const answer = answers[0]!;
            if (answer.result !== undefined) s.results++;
            if (answer.error) {
              s.errors++;
              s.codes[answer.error.code] = (s.codes[answer.error.code] ?? 0) + 1;
              if (res.status === 413) s.tooLarge++;
              // -32700 / -32600 only where the envelope was broken on purpose; anything else answers with the method's own codes.
              const code = answer.error.code;
              if (code === transportCodes.parseError || code === transportCodes.invalidRequest) {
                s.transportErrors++;
                expect(broken, `transport code ${code} for an intact request: ${labelOf(req, res)}`).toBe(true);
              } else if (code !== ErrorCode.bodyTooLarge) {
                expect(allErrorsOf(definition), `code ${code} is not one ${method} may answer: ${labelOf(req, res)}`).toContain(code);
              }
            }
          }),
          runParameters(RUNS_PER_METHOD),
        );

        expect(s.requests).toBeGreaterThanOrEqual(MIN_REQUESTS_PER_METHOD);
        for (const transport of ['json', 'form', 'path'] as const) expect(s.byTransport[transport], transport).toBeGreaterThanOrEqual(10);
        expect(s.errors, 'hostile calls must be refused').toBeGreaterThan(0);
        expect(s.transportErrors, 'broken envelopes must be sent').toBeGreaterThan(0);
        if (canSucceed) expect(s.results, 'plausible calls must succeed').toBeGreaterThan(0);
      },
      TIMEOUT,
    );
  }
});

describe('well-formed values out of every range', () => {
  it('a far-past time and a serial past a bigint answer 100 with their rule, not 0', async () => {
    const opsId = await gw.sessionFor('admin');
    const farPast = { code: ErrorCode.invalidParams, data: { field: 'startTime', rule: 'time-range' } };
    expect((await gw.call('gw.credit.notice.page', { opsId, startTime: '0000-01-01T00:00:00.000Z' })).error).toMatchObject(farPast);
    expect((await gw.call('gw.credit.suggestion.page', { opsId, startTime: '0000-01-01T00:00:00.000Z' })).error).toMatchObject(farPast);
    expect((await gw.call('gw.credit.notice.page', { opsId, endTime: '9999-12-31T23:59:59.999Z' })).error).toMatchObject({
      data: { field: 'endTime', rule: 'time-range' },
    });
    expect((await gw.call('gw.credit.score.check.mark', { opsId, serialNos: ['9999999999999999999'] })).error).toMatchObject({
      code: ErrorCode.invalidParams,
      data: { field: 'serialNos.0', rule: 'id-range' },
    });
  });

  it(
    'every field of every method: an edge value beside plausible others gets a code the method may answer, never 0',
    async () => {
      let calls = 0;
      for (const [method, definition] of methodEntries) {
        const opsId = await gw.sessionFor('admin');
        const fields = fieldsOf(definition);
        const base = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, plausibleValues(f.schema)[0]]));
        const cases = fields.flatMap((field) => edgeValues.map((value) => ({ field: field.name, value })));
        const timeFields = new Set(
          fields
            .filter((f) => f.schema.safeParse('2026-01-01T00:00:00Z').success && !f.schema.safeParse('not a time').success)
            .map((f) => f.name),
        );
        const answers = await Promise.all(cases.map(({ field, value }) => gw.call(method, { opsId, ...base, [field]: value })));
        answers.forEach((answer, index) => {
          const { field, value } = cases[index]!;
          const label = `${method} ${field}=${JSON.stringify(value)}`;
          expectRpcAnswer(answer, label);
          if (answer.error) expect(allErrorsOf(definition), label).toContain(answer.error.code);
          // A time param refuses every edge time, naming its rule whenever it is the param refused.
          if (timeFields.has(field) && EDGE_TIMES.includes(value as string)) {
            expect(answer.error?.code, label).toBeDefined();
            if (answer.error?.data?.field === field) expect(answer.error.data.rule, label).toBe('time-range');
          }
        });
        calls += cases.length;
      }
      expect(calls).toBeGreaterThan(methodEntries.length);
    },
    // About 20 calls per field of every method.
    3 * TIMEOUT,
  );
});

describe('hostile bodies and requests not tied to a method', () => {
  it(
    `answers ${HOSTILE_RUNS} generated hostile bodies, batches, content types, HTTP methods and paths without a 5xx`,
    async () => {
      const kinds = new Map<string, number>();
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(probesArb(token), async (probe) => {
          requests++;
          kinds.set(probe.kind, (kinds.get(probe.kind) ?? 0) + 1);
          const res = await gw.raw(probe.req);
          const statuses = probeStatuses.get(probe.kind) ?? {};
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          probeStatuses.set(probe.kind, statuses);
          checkProbe(probe, res);
        }),
        runParameters(HOSTILE_RUNS),
      );
      expect(requests).toBeGreaterThanOrEqual(MIN_HOSTILE_REQUESTS);
      for (const kind of [
        'json-value',
        'batch',
        'big-batch',
        'invalid-json',
        'random-bytes',
        'content-type',
        'form-without-json',
        'http-method',
        'random-path',
      ]) {
        expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
      }
    },
    TIMEOUT,
  );

  it('a batch of exactly MAX_BATCH calls is answered whole, one more is refused whole', async () => {
    const calls = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'sn.agent.maintain' }));
    const full = await gw.raw({ path: '/api', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls(MAX_BATCH)) });
    expect(full.status).toBe(200);
    expect((full.json as RpcAnswer[]).map((a) => a.id)).toEqual(calls(MAX_BATCH).map((c) => c.id));
    const over = await gw.raw({
      path: '/api',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls(MAX_BATCH + 1)),
    });
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.batchTooLarge } });
  });

  it(
    `answers a burst of ${CONCURRENT_BURST} concurrent hostile calls and requests`,
    async () => {
      const methodCases = fc.sample(
        fc.constantFrom(...methodEntries).chain(([method, definition]) => methodCaseArb(definition, token).map((c) => ({ method, c }))),
        runParameters(CONCURRENT_BURST / 2),
      );
      const probes = fc.sample(probesArb(token), runParameters(CONCURRENT_BURST / 2));
      const jobs = [
        ...methodCases.map(({ method, c }) => {
          const { req, route } = buildMethodRequest(method, c);
          return { req, check: (res: RawResponse) => void checkBodyAnswer(req, res, route) };
        }),
        ...probes.map((probe) => ({ req: probe.req, check: (res: RawResponse) => checkProbe(probe, res) })),
      ];
      const answers = await Promise.all(jobs.map((job) => gw.raw(job.req)));
      jobs.forEach((job, index) => job.check(answers[index]!));
      expect(jobs).toHaveLength(CONCURRENT_BURST);
    },
    TIMEOUT,
  );

  it('answers a malformed percent-encoding in the path with a JSON-RPC error body', async () => {
    for (const path of ['/api/%ZZ', '/api/%C0%AF', '/api/node.version%', '/api%ZZ']) {
      const res = await gw.raw({ path, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, path).toBe(400);
      expect(res.json, path).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.invalidRequest } });
      expect(res.text, path).not.toContain('%ZZ');
    }
  });
});

describe('after the storm', () => {
  it(
    'the gateway is still alive and correct, and every method got its share of hostile calls',
    async () => {
      const template = await gw.call('gw.credit.sn.template.get');
      expect(template.error).toBeUndefined();
      expect(template.result).toMatchObject({ sn: 'demo' });
      const health = await gw.raw({ method: 'GET', path: '/api/health' });
      expect(health.status).toBe(200);
      expect(health.json).toMatchObject({ ok: true });

      // Same answers and the same tables as before (no injected statement ran).
      expect(await snapshot()).toEqual(baseline);
      // Hostile calls may have logged the shared session out; a new one works as before.
      expect((await gw.call('gw.credit.notice.layer.list', { opsId: await gw.sessionFor('admin') })).result).toBeDefined();
      // No prototype pollution in this process (the gateway runs in it).
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      for (const [method] of methodEntries) {
        expect(stats.get(method)?.requests ?? 0, method).toBeGreaterThanOrEqual(MIN_REQUESTS_PER_METHOD);
      }
      const perMethod = [...stats].map(
        ([method, s]) =>
          `  ${method}: ${s.requests} requests (json ${s.byTransport.json}, form ${s.byTransport.form}, path ${s.byTransport.path}), ` +
          `${s.results} results, ${s.errors} errors ${JSON.stringify(s.codes)}, ${s.tooLarge} x 413`,
      );
      const perKind = [...probeStatuses].map(([kind, statuses]) => `  ${kind}: ${JSON.stringify(statuses)}`);
      console.info(
        [
          'robustness, calls per method:',
          ...perMethod,
          'hostile requests, statuses per kind:',
          ...perKind,
          `malformed-path answers: ${badUrlAnswers}`,
        ].join('\n'),
      );
    },
    TIMEOUT,
  );
});
