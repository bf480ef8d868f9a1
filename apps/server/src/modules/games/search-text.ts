/**
 * Text as a search compares it: NFKC folds full-width Latin and digits (ＡＩ → AI) and half-width
 * katakana (ｶﾌｪ → カフェ) into their usual forms, then case is dropped and runs of space become one.
 * CJK needs nothing more: a substring match finds a word without spaces around it.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Whether any of the texts contains the (already folded) search. */
export function matchesSearch(folded: string, texts: readonly string[]): boolean {
  return texts.some((text) => foldForSearch(text).includes(folded));
}
