import type { LocalizedKeywords, LocalizedLine } from '@taleforge/contracts/character-persona';
import type { Locale } from '@taleforge/contracts/constants';

/**
 * Folds the differences a player's typing brings: full-width forms and compatibility characters
 * (NFKC), case, curly quotes, runs of spaces. Used on both sides of every keyword comparison.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

// Latin keywords must match whole words ("hi" is not in "this"); CJK text has no spaces, so
// Chinese and Japanese keywords match anywhere.
const LATIN_WORD = /^[\p{Script=Latin}\p{N}' -]+$/u;

export function isLatinTerm(normalizedKeyword: string): boolean {
  return LATIN_WORD.test(normalizedKeyword);
}

export function containsKeyword(normalizedText: string, keyword: string): boolean {
  const k = normalizeText(keyword);
  if (!k) return false;
  if (!isLatinTerm(k)) return normalizedText.includes(k);
  let from = normalizedText.indexOf(k);
  while (from !== -1) {
    const before = normalizedText[from - 1];
    const after = normalizedText[from + k.length];
    if (!isWordChar(before) && !isWordChar(after)) return true;
    from = normalizedText.indexOf(k, from + 1);
  }
  return false;
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/** Keywords of every language count: players mix languages, the reply still follows the locale. */
export function matchesAnyKeyword(normalizedText: string, keywords: LocalizedKeywords): boolean {
  return Object.values(keywords).some((words) =>
    (words ?? []).some((w) => containsKeyword(normalizedText, w)),
  );
}

export function pickLocale(text: LocalizedLine, locale: Locale): string {
  return text[locale] ?? text.en_US;
}
