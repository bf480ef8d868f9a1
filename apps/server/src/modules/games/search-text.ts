/** Latin letters with no decomposition that a reader types without their stroke or ligature. */
const UNDECOMPOSED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSED_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'gu');

/**
 * Text as a search compares it: NFKC folds full-width Latin and digits (ＡＩ → AI) and half-width
 * katakana (ｶﾌｪ → カフェ) into their usual forms; case is dropped; accents come off Latin, Greek
 * and Cyrillic letters (café → cafe, Ærø → aero), the combining marks of U+0300–U+036F only, so
 * kana keep their voicing (が is not か); runs of space become one. CJK needs nothing more: a
 * substring match finds a word without spaces around it.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED[letter]!)
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether any of the texts contains the (already folded) search. */
export function matchesSearch(folded: string, texts: readonly string[]): boolean {
  return texts.some((text) => foldForSearch(text).includes(folded));
}
