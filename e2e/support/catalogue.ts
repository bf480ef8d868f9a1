// The app's own strings and the demo games' titles, so a journey can run in any language.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@taleforge/contracts';

const readJson = (path: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as unknown;

/** A string of the web app's catalogue for `locale`, with `{{name}}` filled in. */
export function translator(locale: Locale) {
  // Each locale is two files: the shell and the home, then every other screen.
  const strings = {
    ...(readJson(`../../apps/web/src/shared/i18n/locales/${locale}.json`) as object),
    ...(readJson(`../../apps/web/src/shared/i18n/locales/${locale}.screens.json`) as object),
  };
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((at, part) => (at as never)?.[part], strings);
    if (typeof found !== 'string') throw new Error(`no string ${key} in ${locale}`);
    return found.replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name]));
  };
}

/** A demo game's title as the home page shows it in `locale`. */
export const gameTitle = (slug: string, locale: Locale) =>
  (readJson(`../../content/${slug}/game.json`) as { title: Record<Locale, string> }).title[locale];
