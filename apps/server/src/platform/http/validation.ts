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
  where: 'query' | 'body',
): z.output<S> {
  const result = schema.safeParse(input, { error: errorMapFor(locale) });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  throw new AppError(STATUS.INVALID_PARAMS, `${field}: ${issue?.message ?? ''}`);
}
