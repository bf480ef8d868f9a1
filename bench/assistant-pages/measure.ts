// The corpus through the offline engine in this process, once with each phrasing's page and once
// without any (the engine before issue 49 read none), then the unseen set with its pages: prints
// one JSON line of shares and times.
import { createOfflineEngine } from '../../apps/server/src/modules/assistant/engines/offline-engine.js';
import {
  CORPUS_LANGUAGES,
  type CorpusLanguage,
  type CorpusSet,
  scoreCorpus,
} from '../../apps/server/test/support/assistant-corpus.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

const engine = createOfflineEngine();
const languages = Object.keys(CORPUS_LANGUAGES) as CorpusLanguage[];

async function run(withPages: boolean, set: CorpusSet = 'corpus') {
  const results = [];
  for (const language of languages) {
    for (let i = 0; i < WARMUP; i++) await scoreCorpus(engine, language, { withPages, set });
    const times: number[] = [];
    let score = await scoreCorpus(engine, language, { withPages, set });
    for (let i = 0; i < ROUNDS; i++) {
      score = await scoreCorpus(engine, language, { withPages, set });
      times.push(...score.times);
    }
    results.push({
      language,
      total: score.total,
      understood: score.understood,
      times,
      misses: score.misses,
    });
  }
  return results;
}

// The two alternate by language inside each run; the baseline first so the engine's own warm-up
// is not counted against it.
const baseline = await run(false);
const ours = await run(true);
const unseen = await run(true, 'unseen');
console.log(JSON.stringify({ rounds: ROUNDS, baseline, ours, unseen }));
