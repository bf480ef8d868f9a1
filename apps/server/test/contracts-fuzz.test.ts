import { randomUUID } from 'node:crypto';
import { CALLS, type CallDef, isStorable } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS, type StatusCode, statusMessage } from '@taleforge/contracts/status';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildChatGame, giveGems } from './support/chat.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { buildSession } from './support/factories.js';
import { holds, locale, wrongType } from './support/fuzz.js';
import { call, type EnvelopeResponse } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// Every call of the contracts, every field of its query and body, with NUL, lone surrogates,
// wrong JSON types and oversized values: the answer is the catalogued refusal, never a 500, and
// the database (balances, ledger, every table) is exactly as before. The calls and their fields
// come from the contracts themselves, so a new call is fuzzed without touching this file.

const BODY_LIMIT = 16_384;
const RUNS_PER_CALL = 8;

let server: TestServer;
let token: string;
let ids: Awaited<ReturnType<typeof buildChatGame>>;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  ids = await buildChatGame(server.database.db);
  const session = await buildSession(server.database.db, { now: () => server.clock.now });
  token = session.token;
  await giveGems(server, session.user.id, 500);
});
afterAll(() => server.close());

type Schema = z.ZodType & { def: Record<string, unknown> & { type: string } };
type Input = Record<string, unknown>;

/** Values a field of that name accepts, for the parts of a request not under test. */
const samples = (): Input => ({
  email: 'fuzz@example.com',
  ticket: '123456',
  pwd: 'correct-horse',
  pwd_: 'correct-horse',
  nick_name: 'Fuzzy',
  invite_code: 'FUZZINVITE',
  return_path: '/',
  count: 1,
  uses: 1,
  section: 'new',
  game_id: ids.gameId,
  npc_id: ids.ada,
  chapter_id: ids.lockedChapter,
  episode_id: 1,
  client_message_id: randomUUID(),
  text: 'hello',
  reply_id: '1',
  message_id: '1',
  before_id: '1',
  client_report_id: randomUUID(),
  summary: '',
  pinned: [],
  platform_flag: 2,
  goods_id: 'fuzz_tier',
  idempotency_key: `fuzz-${randomUUID()}`,
  order_no: 'fuzz-order',
  kid: 'fuzz',
  key: 'a2V5',
  iv: 'aXY=',
  data: 'ZGF0YQ==',
  path: '/',
  title: 'Home',
  seq: 0,
  choice_index: 0,
  item_key: 'key',
  move: {},
  to_step: 0,
  taleforge_id: 'tfFuzz',
  comment_id: 1,
  x: 0,
  y: 0,
  width: 64,
  height: 64,
  id: 1,
});

/** Second choices, where two calls name a field alike and type it apart. */
const alternatives: Input = {
  // A page view's path is a route; a studio file's a path within the work.
  path: 'main.ink',
  // A page's title is text; a studio work's is per language, with one at least.
  title: { en_US: 'Fuzz work' },
};

function optional(schema: Schema): boolean {
  return schema.def.type === 'optional' || schema.def.type === 'default';
}

function sampleFor(name: string, schema: Schema, known: Input): unknown {
  if (schema.def.type === 'literal') return (schema.def.values as unknown[])[0];
  if (schema.def.type === 'enum') return Object.values(schema.def.entries as object)[0];
  // Two calls may name a field alike and type it apart (a chat reply's id is text, an assistant
  // message's a number): the sample counts only where it fits.
  if (name in known && schema.safeParse(known[name]).success) return known[name];
  if (name in alternatives && schema.safeParse(alternatives[name]).success)
    return alternatives[name];
  const byType: Record<string, unknown> = { string: 'fuzz', number: 1, boolean: true, array: [] };
  return byType[schema.def.type] ?? {};
}

/** One valid input per shape of the schema (a discriminated union has several). */
function validInputs(name: string, schema: Schema): Input[] {
  const shapes = schema.def.type === 'union' ? (schema.def.options as Schema[]) : [schema];
  return shapes.map((shape) => {
    const fields = Object.entries((shape as unknown as { shape: Record<string, Schema> }).shape);
    const known = samples();
    const input: Input = {};
    for (const [field, fieldSchema] of fields)
      if (!optional(fieldSchema)) input[field] = sampleFor(field, fieldSchema, known);
    // Optional fields join only when the schema needs one of them (unlock: chapter or episode).
    for (const [field, fieldSchema] of fields) {
      if (schema.safeParse(input).success) break;
      input[field] = sampleFor(field, fieldSchema, known);
    }
    expect(schema.safeParse(input).success, `${name}: add a sample value for its fields`).toBe(
      true,
    );
    return input;
  });
}

function unstorableInside(value: unknown): boolean {
  if (typeof value === 'string') return !isStorable(value);
  if (Array.isArray(value)) return value.some(unstorableInside);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([k, v]) => !isStorable(k) || unstorableInside(v));
  return false;
}

const UNSTORABLE = ['\u0000', '\ud800', '\udfff', '\ud83d'];

/** A value with NUL or a lone surrogate somewhere in it, near the valid one. */
const withUnstorable = (valid: unknown) =>
  fc
    .tuple(fc.constantFrom(...UNSTORABLE), fc.nat(), fc.string({ maxLength: 6 }))
    .map(([bad, at, noise]) => {
      const text = typeof valid === 'string' && valid !== '' ? valid : noise;
      const i = at % (text.length + 1);
      return `${text.slice(0, i)}${bad}${text.slice(i)}`;
    });

/** What a body field may be sent instead of its valid value. */
const hostileBodyValue = (valid: unknown) =>
  fc.oneof(
    withUnstorable(valid),
    withUnstorable(valid).map((text) => [text]),
    withUnstorable(valid).map((text) => ({ [text]: valid })),
    wrongType,
    fc.constantFrom(true, false, null, [], {}, 0, -1, 1.5, 1e300, 2 ** 31, 2 ** 53 + 1),
    fc.constantFrom([valid], { valueOf: valid }, String(valid), `${String(valid)}e0`, ` ${valid}`),
    fc.constantFrom('x'.repeat(600), '字'.repeat(5_000), 'x'.repeat(BODY_LIMIT + 1)),
    fc.constant(Array.from({ length: 1_000 }, () => valid)),
    fc.constant(undefined),
  );

/** What a query parameter may be sent as: text (NUL included), or a repeated parameter. */
const hostileQueryValue = (valid: unknown) =>
  fc.oneof(
    withUnstorable(valid).filter((text) => !/[\ud800-\udfff]/.test(text)),
    fc.constantFrom('true', '1e3', ' 3', '3 ', '+3', '-1', '0x10', '1.0', '', '[3]', '%00'),
    fc.constantFrom('x'.repeat(600), 'x'.repeat(6_000)),
    fc.string({ unit: 'binary', maxLength: 12 }).filter(isStorable),
    fc.constant([String(valid), String(valid)]),
  );

const asSent = (input: Input): Input => JSON.parse(JSON.stringify(input)) as Input;

type Attempt = { lang: Locale; field: string; value: unknown; input: Input };

function attempts(
  schema: Schema,
  inputs: Input[],
  hostile: (valid: unknown) => fc.Arbitrary<unknown>,
) {
  return (
    fc
      .constantFrom(...inputs)
      .chain((input) =>
        fc.constantFrom(...Object.keys(input), 'unexpected_field').chain((field) =>
          fc.record({
            lang: locale,
            field: fc.constant(field),
            value: hostile(input[field]),
            input: fc.constant(input),
          }),
        ),
      )
      // What the server reads: JSON leaves out undefined and turns NaN into null.
      .map((a): Attempt => ({ ...a, input: asSent({ ...a.input, [a.field]: a.value }) }))
      .filter(({ input }) => unstorableInside(input) || !schema.safeParse(input).success)
  );
}

function queryString(query: Input): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    // `%00` stands for itself: a NUL the way a browser would encode it.
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(`${k}=${one === '%00' ? '%00' : encodeURIComponent(String(one))}`);
  }
  return parts.join('&');
}

async function send(
  def: CallDef,
  attempt: Attempt,
  where: 'query' | 'body',
  auth: string | undefined,
) {
  if (where === 'body')
    return call(server, def.path, {
      method: def.method,
      body: attempt.input,
      token: auth,
      lang: attempt.lang,
    });
  const url = `${server.url(def.path, { df_id: 'v_fuzz', lang: attempt.lang })}&${queryString(attempt.input)}`;
  // A POST can have a query too (the avatar upload's crop): sent with its own method.
  const res = await fetch(url, {
    method: def.method,
    headers: auth ? { authorization: auth } : {},
  });
  const json = (await res.json()) as { status: number; desc: string; data: unknown };
  return { http: res.status, headers: res.headers, ...json } as EnvelopeResponse;
}

const KNOWN = new Set<number>(Object.values(STATUS));

/** Routes that take more than the server's body limit: the contract refuses the value itself. */
const OWN_BODY_LIMIT = new Set<string>([CALLS.studioFileSave.path]);

function expectRefused(
  res: EnvelopeResponse,
  def: CallDef,
  attempt: Attempt,
  auth: string | undefined,
) {
  const context = `${def.method} ${def.path} ${attempt.field}=${JSON.stringify(attempt.value)?.slice(0, 80)}`;
  expect(res.http, `${context}: ${res.desc}`).not.toBe(500);
  expect(KNOWN.has(res.status), context).toBe(true);
  const size = JSON.stringify(attempt.input).length;
  const expected: number[] = [
    def.method === 'POST' && size > BODY_LIMIT && !OWN_BODY_LIMIT.has(def.path)
      ? STATUS.PAYLOAD_TOO_LARGE
      : STATUS.INVALID_PARAMS,
  ];
  // Without a token an auth call may refuse the missing token first, before reading the body.
  if (!auth && def.auth) expected.push(STATUS.NO_TOKEN);
  expect(expected, `${context}: ${res.status} ${res.desc}`).toContain(res.status);
  expect(res.http, context).toBe(res.status === STATUS.PAYLOAD_TOO_LARGE ? 413 : 200);
  const message = statusMessage(res.status as StatusCode, attempt.lang);
  expect(res.desc === message || res.desc.startsWith(`${message}: `), res.desc).toBe(true);
}

async function fuzzCall(name: string, def: CallDef, auth: string | undefined) {
  for (const where of ['query', 'body'] as const) {
    const schema = def[where] as Schema | undefined;
    if (!schema) continue;
    const inputs = validInputs(name, schema);
    const hostile = where === 'body' ? hostileBodyValue : hostileQueryValue;
    await holds(
      fc.asyncProperty(attempts(schema, inputs, hostile), async (attempt) => {
        expectRefused(await send(def, attempt, where, auth), def, attempt, auth);
      }),
      RUNS_PER_CALL,
    );
  }
  // A call without a query schema still gets its query read: NUL in any parameter is refused.
  const stray: Attempt = { lang: 'ja_JP', field: 'stray', value: '%00', input: { stray: '%00' } };
  expectRefused(await send(def, stray, 'query', auth), def, stray, auth);
}

const calls = Object.entries(CALLS) as [string, CallDef][];

/** All calls, then the whole database compared: any table a refusal wrote to shows in the diff. */
async function fuzzAll(auth: string | undefined) {
  const before = await databaseFingerprint(server.database.db);
  for (const [name, def] of calls) await fuzzCall(name, def, auth);
  expect(await databaseFingerprint(server.database.db)).toEqual(before);
}

describe('every call of the contracts, fuzzed field by field', () => {
  it('signed in: every refusal is 1001 (or 413) and stores nothing', async () => {
    await fuzzAll(token);
  }, 120_000);

  it('anonymous: the same, or 1005 where a token is needed', async () => {
    await fuzzAll(undefined);
  }, 120_000);

  it('has a valid request to start from for every call, so each field alone is what is refused', () => {
    for (const [name, def] of calls)
      for (const schema of [def.query, def.body]) if (schema) validInputs(name, schema as Schema);
  });
});
