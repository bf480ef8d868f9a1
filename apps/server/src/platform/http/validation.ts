import { isStorable } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
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

/** Parses with the call's schema; a failure becomes 1001 with "field: message" in the request's language. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: errorMapFor(locale) });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  throw new AppError(STATUS.INVALID_PARAMS, `${field}: ${issue?.message ?? ''}`);
}

type Path = (string | number)[];

/** Where the first text the server cannot store sits in a parsed query, body or header set. */
export function unstorablePath(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorablePath(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorable(key)) return [...path, key];
      const found = unstorablePath(item, [...path, key]);
      if (found) return found;
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
  parseInput(storableInput, input, locale, where);
}
