import type { CallDef } from '@taleforge/contracts';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';
import { STATUS, type StatusCode, statusMessage } from '@taleforge/contracts/status';
import fc from 'fast-check';
import { expect } from 'vitest';
import { sessions, userIdentities, users } from '../../src/platform/db/schema/index.js';
import { apiRaw, type EnvelopeResponse, type RawOptions } from './http.js';
import type { TestServer } from './server.js';
import type { startSmtpServer } from './smtp.js';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** Text that has broken servers before: surrogates, direction marks, joiners, marks, NUL. */
export const UNICODE_EDGES = [
  '\ud800',
  'ab\udfffcd',
  'x\ud83d',
  '\u202eevil\u202c',
  '\u200f\u061c',
  'a\u200db\u200dc',
  '\u200b\ufeff',
  'e\u0301\u0301\u0301',
  'Z\u0324\u0354\u0367\u0311a\u0356\u032dl\u036e\u0312g\u0317o\u0319',
  '\u0000',
  'ab\u0000cd',
  '🔑',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🏳️‍🌈🏳️‍🌈',
  '💥'.repeat(20),
  '💥'.repeat(21),
  '字'.repeat(20),
];
export const unicodeEdge = fc.constantFrom(...UNICODE_EDGES);

/** SQL, markup and template text: stored and shown as plain text or refused, never run. */
export const injection = fc.constantFrom(
  "'; DROP TABLE users; --",
  "Robert'); DELETE FROM sessions;--",
  '" OR "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}#{7*7}',
  '%s%n%x',
  '../../etc/passwd',
);

export const huge = fc.constantFrom('a'.repeat(5_000), '💥'.repeat(10_000), 'x'.repeat(100_000));

export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Odd text short enough for a query string. */
export const shortWeirdText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  unicodeEdge,
  injection,
  fc
    .array(fc.oneof(unicodeEdge, injection, fc.string({ maxLength: 4 })), { maxLength: 5 })
    .map((parts) => parts.join('')),
);

/** A plausible value with an edge case inside: long enough to pass the length rules and be stored. */
export const edgeInside = fc
  .tuple(fc.constantFrom('Wren', 'Ada Quill', '字字字'), unicodeEdge, fc.boolean())
  .map(([word, edge, first]) => (first ? edge + word : word + edge));

export const weirdText = fc.oneof(shortWeirdText, edgeInside, huge);

export const anyValue = fc.oneof(weirdText, wrongType);

/** Addresses of unusual but valid shapes (what the contract accepts), in any letter case. */
export const oddValidEmail = (() => {
  const atom = fc.stringMatching(/^[A-Za-z0-9_'+-]{1,6}$/);
  const local = fc
    .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[A-Za-z0-9_+-]$/))
    .map(([atoms, last]) => atoms.join('.') + last);
  const label = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9-]{0,6}[A-Za-z0-9])?$/);
  const tag = fc.option(fc.stringMatching(/^\+[a-z0-9]{1,6}$/), { nil: '' });
  const space = fc.constantFrom('', ' ', '\t');
  return fc
    .record({
      local,
      tag,
      labels: fc.array(label, { maxLength: 3 }),
      tld: fc.stringMatching(/^[A-Za-z]{2,6}$/),
      before: space,
      after: space,
    })
    .map(
      ({ local, tag, labels, tld, before, after }) =>
        `${before}${local}${tag}@${[...labels, 'example'].join('.')}.${tld}${after}`,
    );
})();

/** Forms a reader may call valid but the contract refuses: they must be refused cleanly. */
export const REFUSED_EMAILS = [
  '"quoted"@example.com',
  '"a b"@example.com',
  'ü@example.com',
  'a@例子.com',
  'a..b@example.com',
  'no-at-sign',
  'two@@example.com',
  'a@localhost',
  `${'a'.repeat(250)}@example.com`,
];
export const refusedEmail = fc.constantFrom(...REFUSED_EMAILS);

export const locale = fc.constantFrom(...LOCALES);

/**
 * fc.assert, but a failure names a shortened counterexample: a 100,000-character string would
 * otherwise bury the report.
 */
export async function holds<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const run = await fc.check(property, { numRuns });
  if (!run.failed) return;
  const example = fc.stringify(run.counterexample).slice(0, 400);
  const error = run.errorInstance as Error;
  throw new Error(
    `fuzz failed after ${run.numRuns} runs (seed ${run.seed}, path "${run.counterexamplePath}") on ${example}\n${error?.message?.slice(0, 1_000)}`,
    { cause: error },
  );
}

export type FieldChange = { field: string; value: unknown };

/** One field replaced by anything or left out, or a field the call does not know added. */
export function fieldChange(
  fields: readonly string[],
  values = anyValue,
): fc.Arbitrary<FieldChange> {
  return fc.record({
    field: fc.constantFrom(...fields, 'unexpected_field'),
    value: fc.oneof(values, fc.constant(undefined)),
  });
}

/** The valid body with the change applied (undefined leaves the field out of the JSON). */
export const withChange = (base: Record<string, unknown>, { field, value }: FieldChange) => ({
  ...base,
  [field]: value,
});

const KNOWN = new Set<number>(Object.values(STATUS));
/** zod's English wording: a zh/ja answer must not carry it. */
const ENGLISH_DETAIL = /\b(Invalid|Too (big|small)|expected|received|Unrecognized)\b/;

/** Never a 500; a catalogued status; desc is that status's message in the asked language. */
export function expectCatalogued(res: EnvelopeResponse, lang: Locale): void {
  expect(res.http, res.desc).not.toBe(500);
  expect(res.http, res.desc).toBe(200);
  expect(KNOWN.has(res.status), `status ${res.status}`).toBe(true);
  const message = statusMessage(res.status as StatusCode, lang);
  expect(res.desc === message || res.desc.startsWith(`${message}: `), res.desc).toBe(true);
  if (lang !== 'en_US') expect(res.desc).not.toMatch(ENGLISH_DETAIL);
}

export type Counts = { users: number; identities: number; sessions: number };

export async function countAccounts(server: TestServer): Promise<Counts> {
  const { db } = server.database;
  return {
    users: await db.$count(users),
    identities: await db.$count(userIdentities),
    sessions: await db.$count(sessions),
  };
}

/**
 * What one answer may have added: a refusal nothing; a sign-in one session, plus the account (and,
 * for a provider or visitor, its identity) when it says the user is new.
 */
export function expectedGrowth(res: EnvelopeResponse): Counts {
  const data = res.data as { new_user?: boolean; oauth_enum?: string; access_token?: string };
  if (res.status !== 200 || typeof data?.access_token !== 'string')
    return { users: 0, identities: 0, sessions: 0 };
  const created = data.new_user === true;
  return {
    users: created ? 1 : 0,
    identities: created && data.oauth_enum !== 'EMAIL' ? 1 : 0,
    sessions: 1,
  };
}

export async function expectWholeAccounts(
  server: TestServer,
  before: Counts,
  res: EnvelopeResponse,
): Promise<void> {
  const after = await countAccounts(server);
  const growth = expectedGrowth(res);
  expect(after, `after ${res.status} ${res.desc}`).toEqual({
    users: before.users + growth.users,
    identities: before.identities + growth.identities,
    sessions: before.sessions + growth.sessions,
  });
}

/**
 * Notes the server-clock time each mail arrived at, so a test can check that no address got two
 * within the 60 s resend window however the test moves the clock.
 */
export function watchMails(server: TestServer, smtp: Smtp) {
  const seen: { to: string; at: number }[] = [];
  let read = smtp.mails.length;
  return {
    /** Call after each request: mails are in before the server answers (it waits for SMTP). */
    note() {
      for (; read < smtp.mails.length; read++)
        for (const to of smtp.mails[read]!.to) seen.push({ to, at: server.clock.now.getTime() });
    },
    expectSpaced() {
      const last = new Map<string, number>();
      for (const { to, at } of seen) {
        const previous = last.get(to);
        if (previous !== undefined)
          expect(at - previous, `two mails to ${to}`).toBeGreaterThanOrEqual(60_000);
        last.set(to, at);
      }
    },
    get count() {
      return seen.length;
    },
  };
}

/** One call under the rules every account call keeps, whatever it was sent. */
export async function checkedCall(
  server: TestServer,
  def: CallDef,
  options: RawOptions & { lang: Locale },
): Promise<EnvelopeResponse> {
  const before = await countAccounts(server);
  const res = await apiRaw(server, def, options);
  expectCatalogued(res, options.lang);
  await expectWholeAccounts(server, before, res);
  return res;
}
