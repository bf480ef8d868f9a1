// Plain functions only, like text-length.ts: the sites' forms import this file, and must not pull
// in zod for it. The zod rules built on it are in text-fields.ts (decision 50).

/**
 * Characters nobody sees, so a name or text can hide or reorder what it shows:
 * - every Unicode format character (Cf): the bidi embeddings and overrides U+202A–202E, the
 *   isolates U+2066–2069, the marks U+200E, U+200F and U+061C, the zero-width space, joiners and
 *   non-joiner U+200B–200D, the word joiner and invisible operators U+2060–2064, the BOM U+FEFF,
 *   the soft hyphen U+00AD, tag characters, interlinear annotation marks;
 * - the rest of Unicode's default-ignorable code points: Hangul fillers (a favourite "blank
 *   name"), the combining grapheme joiner, variation selectors outside the places below;
 * - the braille blank U+2800, which draws nothing but is neither of the above.
 * Control characters are counted in separately: names refuse all of them, texts keep line breaks
 * and tabs.
 */
const INVISIBLE_SOURCE = String.raw`\p{Cf}\p{Default_Ignorable_Code_Point}\u2800`;

/**
 * Invisible characters that are part of something visible, so both rules keep them:
 * - a subdivision flag (🏴 then tag letters then the cancel tag, e.g. Scotland's flag);
 * - a zero-width joiner between two emoji (👩‍💻, 🏳️‍🌈, 👨🏽‍🦰): the joiner draws them as one;
 * - the emoji and text presentation selectors after an emoji, and VS16 in a keycap (1️⃣);
 * - an ideographic variation selector after a Han character, which Japanese names use for the
 *   exact form of a kanji (葛󠄀).
 * The zero-width non-joiner is not kept: the site's languages (English, Chinese, Japanese) do not
 * need it, and where Persian or Indic text uses it, the text still reads without it.
 */
const KEPT_SOURCE = [
  String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`,
  String.raw`(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})`,
  String.raw`(?<=\p{Extended_Pictographic})[\uFE0E\uFE0F]`,
  String.raw`(?<=[0-9#*])\uFE0F(?=\u20E3)`,
  String.raw`(?<=\p{Script=Han})[\u{E0100}-\u{E01EF}]`,
].join('|');

// Group 1 is a kept sequence; anything else matched is an invisible character to refuse or drop.
const IN_NAME = new RegExp(`(${KEPT_SOURCE})|[${INVISIBLE_SOURCE}\\p{Cc}]`, 'gu');
// Controls but tab, line feed and carriage return: a comment or bio may have paragraphs.
const IN_TEXT = new RegExp(
  `(${KEPT_SOURCE})|[${INVISIBLE_SOURCE}\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F]`,
  'gu',
);

/** Something a reader can see: not only spaces, and not only marks with nothing to sit on. */
const VISIBLE = /[^\p{White_Space}\p{M}]/u;

/** Whether a name holds a character that would hide, reorder or blank what it shows. */
export function hasInvisible(name: string): boolean {
  for (const match of name.matchAll(IN_NAME)) if (match[1] === undefined) return true;
  return false;
}

/** A text without the characters nobody sees (the kept sequences stay), trimmed. */
export function cleanText(text: string): string {
  return text.replace(IN_TEXT, (_match, kept: string | undefined) => kept ?? '').trim();
}

/** Nothing a reader would see: empty, spaces, or marks alone. Such a text is empty. */
export const isBlank = (text: string): boolean => !VISIBLE.test(text);

/** What is wrong with a name under the policy, before its length is counted. */
export function nameProblem(name: string): 'invisible' | 'empty' | null {
  if (hasInvisible(name)) return 'invisible';
  return isBlank(name) ? 'empty' : null;
}

/** A name as names are compared: compatibility forms folded (NFKC), case folded. */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase();

/**
 * Look-alikes folded onto one Latin letter, for the reserved names only: Cyrillic and Greek
 * letters that draw as Latin ones (either case; the result is lower case), and the digits and
 * signs people swap in. `i`, `l`, `1` and `|` all become `i`, so "Adm1n" and "AdmIn" meet "admin";
 * the reserved names are folded the same way, so "taleforge" is "taieforge" on both sides.
 * A small table rather than Unicode's full confusables list: that list's packages on the
 * registry are large, unmaintained, and would weigh on every page that checks a nickname.
 */
// Each Latin letter, and the Cyrillic, Greek, digit and sign characters that pass for it.
const LOOK_ALIKE_GROUPS: Record<string, string> = {
  a: 'аАαΑ4@',
  b: 'вВβΒ',
  c: 'сС',
  d: 'ԁ',
  e: 'еЕёЁεΕзЗ3',
  h: 'һнНΗ',
  i: 'іІӏӀιΙlı1|!ǀ',
  j: 'јЈ',
  k: 'кКκΚ',
  m: 'мМΜ',
  n: 'Ν',
  o: 'оОοΟ0',
  p: 'рРρΡ',
  q: 'ԛ',
  s: 'ѕЅ5$',
  t: 'тТτΤ7+',
  u: 'υ',
  v: 'ν',
  w: 'ԝ',
  x: 'хХχΧ',
  y: 'уУΥ',
  z: 'Ζ',
};
const LOOK_ALIKES = new Map(
  Object.entries(LOOK_ALIKE_GROUPS).flatMap(([letter, others]) =>
    [...others].map((other) => [other, letter] as const),
  ),
);

/** Pairs of letters that draw as one. */
const LOOK_ALIKE_PAIRS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * The skeleton of a name: what is left when everything that can make two names look alike is
 * folded away — invisible characters, compatibility forms (full-width ａｄｍｉｎ), accents, case,
 * look-alike letters, and the spaces and signs between words ("Taleforge_Studio").
 */
export function nameSkeleton(name: string): string {
  // Looked up before and after lower-casing: upper-case Greek Η is Latin H, its lower case η is not.
  const lookAlike = (text: string) => {
    let out = '';
    for (const char of text) out += LOOK_ALIKES.get(char) ?? char;
    return out;
  };
  const compatible = name.replace(IN_NAME, '').normalize('NFKC');
  const lower = lookAlike(compatible).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let folded = lookAlike(lower).replace(/[^\p{L}\p{N}]/gu, '');
  for (const [pair, letter] of LOOK_ALIKE_PAIRS) folded = folded.replace(pair, letter);
  return folded;
}

/**
 * Names only the platform may wear, so nobody can pass for staff or for the studio that made
 * the demo works (its nickname is "Taleforge Studio").
 */
export const RESERVED_NAMES = [
  'admin',
  'administrator',
  'taleforge',
  'taleforge studio',
  'moderator',
  'mod',
  'support',
  'system',
] as const;

const RESERVED_SKELETONS = new Set(RESERVED_NAMES.map(nameSkeleton));

/** Whether a name is, or looks like, one of the reserved names. */
export const isReservedName = (name: string): boolean => RESERVED_SKELETONS.has(nameSkeleton(name));
