import { isLatinTerm, normalizeText } from '../llm/index.js';
import { LEET_FOLD, MODERATION_TERMS, type ModerationCategory } from './moderation-terms.js';

export type { ModerationCategory };

export type ModerationVerdict =
  | { allowed: true }
  | { allowed: false; category: ModerationCategory };

/**
 * Checks one text before it is charged and sent to a model (`input`) or shown to the player
 * (`output`). The interface is async so a hosted classifier can stand in for the built-in list.
 */
export interface Moderator {
  check(text: string, direction: 'input' | 'output'): Promise<ModerationVerdict>;
}

const ALLOWED: ModerationVerdict = { allowed: true };

/**
 * The built-in moderator: a word list per category (moderation-terms.ts) and a payment-card
 * detector, so a player who pastes a card number into a chat is stopped before it is stored or
 * sent anywhere. Deterministic and local: the same text always gets the same verdict.
 */
export function createWordlistModerator(
  terms: Partial<Record<ModerationCategory, string[]>> = MODERATION_TERMS,
): Moderator {
  const lists = (Object.entries(terms) as [ModerationCategory, string[]][]).map(
    ([category, words]) => ({ category, pattern: termPattern(words) }),
  );
  return {
    async check(text) {
      const plain = normalizeText(text);
      const folded = foldLeet(plain);
      for (const { category, pattern } of lists) {
        if (pattern && (pattern.test(plain) || pattern.test(folded))) {
          return { allowed: false, category };
        }
      }
      if (containsCardNumber(plain)) return { allowed: false, category: 'personal_data' };
      return ALLOWED;
    },
  };
}

/**
 * One expression per category, compiled once: Latin terms as whole words, Chinese and Japanese
 * terms anywhere (the same rule as `containsKeyword`, which the tests hold both to).
 */
function termPattern(words: string[]): RegExp | null {
  const escapeTerm = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const normalized = words.map(normalizeText).filter(Boolean);
  const latin = normalized.filter(isLatinTerm).map(escapeTerm);
  const other = normalized.filter((w) => !isLatinTerm(w)).map(escapeTerm);
  const parts = [
    latin.length ? `(?<![\\p{L}\\p{N}])(?:${latin.join('|')})(?![\\p{L}\\p{N}])` : '',
    other.length ? `(?:${other.join('|')})` : '',
  ].filter(Boolean);
  return parts.length ? new RegExp(parts.join('|'), 'u') : null;
}

function foldLeet(text: string): string {
  let out = '';
  for (const ch of text) out += LEET_FOLD[ch] ?? ch;
  // "k i l l  y o u r s e l f" and "k.y.s": letters split by single separators are joined back.
  return out.replace(/\b(?:\p{L}[\s.\-_*]){2,}\p{L}\b/gu, (m) => m.replace(/[\s.\-_*]/g, ''));
}

/** 13–19 digits, spaces or dashes between groups, passing the Luhn check. */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(/(?:\d[ -]?){12,18}\d/g)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) return true;
  }
  return false;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
