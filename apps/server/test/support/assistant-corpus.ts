import { readFileSync } from 'node:fs';
import type { Locale } from '@taleforge/contracts/constants';
import type { AssistantEngine, EngineReply } from '../../src/modules/assistant/engines/engine.js';
import { corpusReaders } from './assistant-corpus-world.js';

// The assistant corpus (test/fixtures/assistant-corpus): 40 phrasings a language of the eight
// things the assistant does, each with the page it is asked on and the tool and key arguments it
// should end in. Scored by running the engine itself over an in-memory world, so a phrasing
// counts as understood only when the tool that answered is the expected one with those
// arguments — and with no work id the page did not call for.

export interface CorpusEntry {
  page: string;
  text: string;
  /** The tool whose answer is the reply, and arguments it must have ("*": any value). */
  expect: { tool: string; args?: Record<string, unknown> };
}

export const CORPUS_LANGUAGES = { en: 'en_US', zh: 'zh_CN', ja: 'ja_JP' } as const satisfies Record<
  string,
  Locale
>;
export type CorpusLanguage = keyof typeof CORPUS_LANGUAGES;

/**
 * Which phrasings: the corpus the rules were made from (one file a language), or the unseen set
 * (unseen.json, every language in one file), written before a change to the rules and not
 * tuned on, so it says how the rules fare on words they were not made from.
 */
export type CorpusSet = 'corpus' | 'unseen';

export function loadCorpus(language: CorpusLanguage, set: CorpusSet = 'corpus'): CorpusEntry[] {
  const name = set === 'corpus' ? language : 'unseen';
  const file = new URL(`../fixtures/assistant-corpus/${name}.json`, import.meta.url);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as
    | CorpusEntry[]
    | Record<CorpusLanguage, CorpusEntry[]>;
  return Array.isArray(parsed) ? parsed : parsed[language];
}

/** Whether a reply is the expected answer: its last tool, with the expected arguments. */
export function understood(reply: EngineReply, expected: CorpusEntry['expect']): boolean {
  const last = reply.tools.at(-1);
  if (!last || last.name !== expected.tool) return false;
  const args = (last.args ?? {}) as Record<string, unknown>;
  const wanted = expected.args ?? {};
  // A work id the page did not call for is a misreading too ("continue" on the home is not a story).
  if ('work_id' in args && !('work_id' in wanted)) return false;
  return Object.entries(wanted).every(([key, value]) =>
    value === '*' ? args[key] !== undefined : args[key] === value,
  );
}

export interface CorpusScore {
  language: CorpusLanguage;
  total: number;
  understood: number;
  share: number;
  /** Milliseconds each answer took, in corpus order. */
  times: number[];
  misses: { page: string; text: string; expected: string; got: string }[];
}

/**
 * Runs one language's corpus (or unseen set) through an engine, one message after another, with
 * the page of each (or none, `withPages: false`, to see what the page adds).
 */
export async function scoreCorpus(
  engine: AssistantEngine,
  language: CorpusLanguage,
  { withPages = true, set = 'corpus' as CorpusSet } = {},
): Promise<CorpusScore> {
  const readers = corpusReaders();
  const locale = CORPUS_LANGUAGES[language];
  const entries = loadCorpus(language, set);
  const times: number[] = [];
  const misses: CorpusScore['misses'] = [];
  let ok = 0;
  for (const entry of entries) {
    const started = performance.now();
    const reply = await engine.reply({
      text: entry.text,
      history: [],
      ctx: { userId: 1, locale, page: withPages ? entry.page : null, readers },
    });
    times.push(performance.now() - started);
    if (understood(reply, entry.expect)) ok++;
    else
      misses.push({
        page: entry.page,
        text: entry.text,
        expected: JSON.stringify(entry.expect),
        got: JSON.stringify(reply.tools.at(-1) ?? null),
      });
  }
  return {
    language,
    total: entries.length,
    understood: ok,
    share: ok / entries.length,
    times,
    misses,
  };
}
