/**
 * Players type fast on phones: "contiune", "balence", "recomend". The English tables match whole
 * words, so a slip of one letter would lose the intent. A word of five letters or more that is one
 * edit (a letter added, dropped, changed, or two swapped) from exactly one word the tables know
 * is read as that word. Short words are left alone: at three or four letters one edit reaches
 * too many other words. Chinese and Japanese are matched by substrings and need none of this.
 */
const KNOWN = [
  'anything',
  'balance',
  'broken',
  'cancelled',
  'chapter',
  'chapters',
  'continue',
  'crashed',
  'crashes',
  'declined',
  'describe',
  'episode',
  'episodes',
  'expire',
  'expired',
  'expires',
  'expiry',
  'failed',
  'glitch',
  'history',
  'looking',
  'mystery',
  'payment',
  'please',
  'prices',
  'purchase',
  'recharge',
  'recommend',
  'refund',
  'refunds',
  'remaining',
  'report',
  'resume',
  'romance',
  'romantic',
  'search',
  'series',
  'should',
  'something',
  'spending',
  'stories',
  'story',
  'stuck',
  'suggest',
  'summary',
  'synopsis',
  'transactions',
  'unlock',
  'wallet',
];
const KNOWN_SET = new Set(KNOWN);
const MIN_LENGTH = 5;

/** Whether two words are one edit apart (Damerau: insertion, deletion, change, swap). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

const corrections = new Map<string, string | null>();

function corrected(word: string): string {
  if (word.length < MIN_LENGTH || KNOWN_SET.has(word)) return word;
  let known = corrections.get(word);
  if (known === undefined) {
    const near = KNOWN.filter((k) => oneEditApart(word, k));
    // Two known words equally near: guessing would be a coin toss, so none.
    known = near.length === 1 ? near[0]! : null;
    if (corrections.size < 10_000) corrections.set(word, known);
  }
  return known ?? word;
}

/** The message with each near-miss of a known English word read as that word. */
export function foldTypos(text: string): string {
  return text.replace(/[a-z]+/g, corrected);
}
