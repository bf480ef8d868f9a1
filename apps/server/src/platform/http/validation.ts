import { isStorable } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS, STATUS_MESSAGES, type StatusCode } from '@taleforge/contracts/status';
import { z } from 'zod';
import { AppError } from './app-error.js';

const zodLocales: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en_US: z.locales.en,
  zh_CN: z.locales.zhCN,
  ja_JP: z.locales.ja,
};
const errorMaps = new Map<Locale, z.core.$ZodErrorMap>();

function errorMapFor(locale: Locale): z.core.$ZodErrorMap {
  let map = errorMaps.get(locale);
  if (!map) {
    map = zodLocales[locale]().localeError;
    errorMaps.set(locale, map);
  }
  return map;
}

/** The catalogued status a refusal carries (the text policy's), if it names one. */
function statusOf(issue: z.core.$ZodIssue | undefined): StatusCode | null {
  if (issue?.code !== 'custom') return null;
  const status: unknown = issue.params?.status;
  return typeof status === 'number' && status in STATUS_MESSAGES ? (status as StatusCode) : null;
}

/**
 * Parses with the call's schema; a failure becomes 1001 with "field: message" in the request's
 * language, or the refusal's own status when it carries one (the text policy's, whose message
 * the sites show in the same words).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: errorMapFor(locale) });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const status = statusOf(issue);
  if (status !== null) throw new AppError(status);
  // A field nested thousands deep is named by its first steps.
  const field = issue?.path.length ? issue.path.join('.').slice(0, 200) : where;
  throw new AppError(STATUS.INVALID_PARAMS, `${field}: ${issue?.message ?? ''}`);
}

type Path = (string | number)[];

/** A step down into a query, body or header set, kept as a chain so no path is copied. */
type Step = { key: string | number; up: Step | null } | null;

function pathOf(step: Step): Path {
  const path: Path = [];
  for (let s = step; s; s = s.up) path.unshift(s.key);
  return path;
}

/**
 * Where the first text the server cannot store sits in a parsed query, body or header set. A walk
 * with its own stack: a body nested a hundred thousand deep must not overflow the call stack.
 */
export function unstorablePath(value: unknown): Path | null {
  const stack: [unknown, Step][] = [[value, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (!isStorable(item)) return pathOf(at);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { key: i, up: at }]);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (const [key] of entries) if (!isStorable(key)) return pathOf({ key, up: at });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push([child, { key, up: at }]);
      }
    }
  }
  return null;
}

const storableInput = z.unknown().check((ctx) => {
  const path = unstorablePath(ctx.value);
  if (path) ctx.issues.push({ code: 'custom', input: ctx.value, path });
});

/** NUL or a lone surrogate anywhere in `input` is 1001, worded like any other refused field. */
export function refuseUnstorable(input: unknown, locale: Locale, where: string): void {
  if (unstorablePath(input)) parseInput(storableInput, input, locale, where);
}
