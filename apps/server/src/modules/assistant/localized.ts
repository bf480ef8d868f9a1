import type { Locale } from '@taleforge/contracts/constants';

export type Texts = Record<Locale, string>;

/** Fills `{name}` slots of a localized template. */
export function say(texts: Texts, locale: Locale, slots: Record<string, string | number> = {}) {
  return texts[locale].replace(/\{(\w+)\}/g, (all, name: string) =>
    name in slots ? String(slots[name]) : all,
  );
}

/** A list in the language's way: "A, B and C" / "A、B和C" / "A、B、C". */
export function joinList(items: string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  if (locale === 'ja_JP') return items.join('、');
  const last = items.at(-1)!;
  const rest = items.slice(0, -1);
  return locale === 'zh_CN' ? `${rest.join('、')}和${last}` : `${rest.join(', ')} and ${last}`;
}
