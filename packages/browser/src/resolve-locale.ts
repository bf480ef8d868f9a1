import { DEFAULT_LOCALE, LOCALES, type Locale } from '@taleforge/contracts/constants';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const PREFIXES: readonly [string, Locale][] = [
  ['zh', 'zh_CN'],
  ['ja', 'ja_JP'],
  ['en', 'en_US'],
];

/**
 * SPEC §1: the stored choice wins, then the browser's languages in the user's order of
 * preference, then English.
 */
export function resolveLocale(
  stored: string | null | undefined,
  browserLanguages: readonly string[] = [],
): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const tag = language.toLowerCase();
    const match = PREFIXES.find(([prefix]) => tag === prefix || tag.startsWith(`${prefix}-`));
    if (match) return match[1];
  }
  return DEFAULT_LOCALE;
}

/** BCP 47 tag for <html lang>, which screen readers and hyphenation rely on. */
export const htmlLangOf = (locale: Locale): string => locale.replace('_', '-');
