import type { PartialLocalized } from '@taleforge/contracts';
import { LOCALES, type Locale } from '@taleforge/contracts/constants';

/** A localized text in the creator's language, else the first language the creator wrote. */
export function pickText(value: PartialLocalized | undefined, locale: Locale): string {
  if (!value) return '';
  const own = value[locale];
  if (own) return own;
  for (const other of LOCALES) {
    const text = value[other];
    if (text) return text;
  }
  return '';
}

/** Drops the empty languages: the contract takes any subset, and '' is no text. */
export function compactLocalized(value: PartialLocalized): PartialLocalized {
  const out: PartialLocalized = {};
  for (const locale of LOCALES) {
    const text = value[locale]?.trim();
    if (text) out[locale] = text;
  }
  return out;
}
