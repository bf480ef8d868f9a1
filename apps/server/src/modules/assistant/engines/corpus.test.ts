import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_LANGUAGES,
  type CorpusEntry,
  type CorpusLanguage,
  loadCorpus,
  scoreCorpus,
  understood,
} from '../../../../test/support/assistant-corpus.js';
import { corpusReaders } from '../../../../test/support/assistant-corpus-world.js';
import { createOfflineEngine } from './offline-engine.js';

// Issue 49's measure: the fixed corpus of 40 phrasings a language, each asked on its page, must
// be understood (the expected tool with the expected work, topic or kind) nine times in ten or
// better in every language. The misses are printed, so a failure says which phrasings to read.

const SHARE_WANTED = 0.9;
const languages = Object.keys(CORPUS_LANGUAGES) as CorpusLanguage[];

describe('the assistant corpus', () => {
  it('holds 40 phrasings a language, five for each of the eight things', () => {
    for (const language of languages) {
      const corpus = loadCorpus(language);
      expect(corpus).toHaveLength(40);
      const perTool = new Map<string, number>();
      for (const entry of corpus)
        perTool.set(entry.expect.tool, (perTool.get(entry.expect.tool) ?? 0) + 1);
      expect([...perTool.values()], language).toEqual(Array(8).fill(5));
    }
  });

  it.each(languages)('%s: the offline engine understands at least 90 percent', async (language) => {
    const score = await scoreCorpus(createOfflineEngine(), language);
    const misses = score.misses.map(
      (m) => `${m.page} "${m.text}": want ${m.expected}, got ${m.got}`,
    );
    expect(score.share, misses.join('\n')).toBeGreaterThanOrEqual(SHARE_WANTED);
  });
});

// Phrasings written after the corpus was fixed, to see how the rules fare on words they were not
// made from (about 57 % on first reading; then a second blind set of 16 a language, en 13, zh 15,
// ja 10 on first reading; docs/decisions/0039). The rules were widened for them, so they are
// kept as cases that must stay understood, not as a measure.
const FOUND_LATER = JSON.parse(
  readFileSync(
    new URL('../../../../test/fixtures/assistant-corpus/found-later.json', import.meta.url),
    'utf8',
  ),
) as Record<CorpusLanguage, CorpusEntry[]>;

describe('phrasings found after the corpus', () => {
  it.each(languages)('%s: each is still understood', async (language) => {
    const engine = createOfflineEngine();
    for (const entry of FOUND_LATER[language]) {
      const reply = await engine.reply({
        text: entry.text,
        history: [],
        ctx: {
          userId: 1,
          locale: CORPUS_LANGUAGES[language],
          page: entry.page,
          readers: corpusReaders(),
        },
      });
      expect(understood(reply, entry.expect), `${entry.page} "${entry.text}"`).toBe(true);
    }
  });
});

// The unseen set (unseen.json): written before the last change to the rules and not tuned on,
// so it measures words the rules were not made from. Its floor is 75 %, below the corpus's 90 %:
// it says how far general rules reach, and is held only against a change that loses ground
// (first reading en 79 %, zh 67 %, ja 75 %; after the change 83, 79, 79). Raising it by adding
// rules for its misses would turn it into a second corpus; write a new unseen set instead.
const UNSEEN_FLOOR = 0.75;

describe('the unseen set', () => {
  it('holds 24 phrasings a language, three for each of the eight things', () => {
    for (const language of languages) {
      const unseen = loadCorpus(language, 'unseen');
      expect(unseen).toHaveLength(24);
      const perTool = new Map<string, number>();
      for (const entry of unseen)
        perTool.set(entry.expect.tool, (perTool.get(entry.expect.tool) ?? 0) + 1);
      expect([...perTool.values()], language).toEqual(Array(8).fill(3));
    }
  });

  it.each(languages)('%s: the offline engine understands at least 75 percent', async (language) => {
    const score = await scoreCorpus(createOfflineEngine(), language, { set: 'unseen' });
    const misses = score.misses.map(
      (m) => `${m.page} "${m.text}": want ${m.expected}, got ${m.got}`,
    );
    expect(score.share, misses.join('\n')).toBeGreaterThanOrEqual(UNSEEN_FLOOR);
  });
});
