import type { CharacterPersona, LocalizedLine } from '@taleforge/contracts/character-persona';
import type { Locale } from '@taleforge/contracts/constants';
import { normalizeText, pickLocale } from '../text-match.js';

/**
 * What the offline engine knows beyond its cues: the persona's facts and the story's lines so
 * far. A message is matched against them by the words they share — content words in English
 * (short and common words left out, plural and tense endings folded), runs of two characters in
 * Chinese and Japanese (which write no spaces), leaving out grammar characters and hiragana.
 */

// Words every question has: matching on them would pair any question with any fact.
const COMMON_WORDS = new Set(
  `about after again all also and any are ask because been before being but can could did does
  doing don done for from had has have her here hers him his how into its just know let like
  many may more most much must not now off once only other our out over please really said say
  see she should some tell than that the their them then there these they thing think this
  those through too very want was way were what when where which while who whom whose why will
  with would yes yet you your yours`.split(/\s+/),
);

// Chinese and Japanese characters that carry grammar, not a topic: a pair holding one is left out.
const GRAMMAR_CHARACTERS =
  /[的是了吗么什你我他她它们这那有在不和也就都要会说个吧呢啊哪谁怎为何誰]/u;

/** Folds English endings so "glowed", "glowing" and "glows" meet "glow". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The terms of a text a match counts: content words and two-character runs. */
export function termsOf(text: string): Set<string> {
  const folded = normalizeText(text);
  const terms = new Set<string>();
  for (const [word] of folded.matchAll(/[\p{Script=Latin}\p{N}']+/gu)) {
    const bare = word.replace(/'s$/, '').replace(/'/g, '');
    if (bare.length < 3 || COMMON_WORDS.has(bare)) continue;
    terms.add(stem(bare));
  }
  for (const [run] of folded.matchAll(/[\p{Script=Han}\p{Script=Katakana}ー]+/gu)) {
    for (let i = 0; i + 1 < run.length; i++) {
      const pair = run.slice(i, i + 2);
      if (!GRAMMAR_CHARACTERS.test(pair)) terms.add(pair);
    }
  }
  return terms;
}

/** How many terms of the message the text has. */
export function sharedTerms(message: ReadonlySet<string>, text: string): number {
  let shared = 0;
  for (const term of termsOf(text)) if (message.has(term)) shared += 1;
  return shared;
}

export interface Known {
  /** What the character says, in the player's language. */
  text: string;
  /** Terms of the message it shares: the more, the better it answers. */
  score: number;
  source: 'fact' | 'story';
}

/**
 * The fact that best answers the message, compared in every language the fact is written in
 * (players mix languages) and told in the player's; ties keep the authored order.
 */
export function findFact(
  persona: CharacterPersona,
  message: ReadonlySet<string>,
  locale: Locale,
): Known | undefined {
  let best: Known | undefined;
  for (const fact of persona.facts) {
    const score = Math.max(...Object.values(fact).map((text) => sharedTerms(message, text ?? '')));
    if (score > 0 && score > (best?.score ?? 0)) {
      best = { text: pickLocale(fact as LocalizedLine, locale), score, source: 'fact' };
    }
  }
  return best;
}

const STORY_LEAD: Record<Locale, string> = {
  en_US: 'As far as I saw: ',
  zh_CN: '就我看到的：',
  ja_JP: '見たとおりに言うと、',
};

/**
 * A line of the story so far (already in the player's language) that answers the message: it
 * must share two terms, since a scene's lines share its everyday words with many questions.
 */
export function findInStory(
  storySoFar: string,
  message: ReadonlySet<string>,
  locale: Locale,
): Known | undefined {
  let best: Known | undefined;
  for (const line of storySoFar.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    const score = sharedTerms(message, text);
    if (score >= 2 && score > (best?.score ?? 0)) {
      best = { text: `${STORY_LEAD[locale]}${text}`, score, source: 'story' };
    }
  }
  return best;
}
