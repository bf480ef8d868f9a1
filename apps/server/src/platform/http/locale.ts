import { DEFAULT_LOCALE, LOCALES, type Locale } from '@taleforge/contracts/constants';

const byPrefix: Record<string, Locale> = { en: 'en_US', zh: 'zh_CN', ja: 'ja_JP' };

/**
 * `lang` decides (SPEC §7). An absent or unknown value is not an error worth refusing a
 * request for: we answer in the Accept-Language, else English.
 */
export function resolveLocale(lang: unknown, acceptLanguage: string | undefined): Locale {
  if (typeof lang === 'string' && (LOCALES as readonly string[]).includes(lang)) {
    return lang as Locale;
  }
  const first = acceptLanguage?.slice(0, 2).toLowerCase();
  return (first && byPrefix[first]) || DEFAULT_LOCALE;
}
