// bench/publish: what publishing a 200 KB story costs beside compiling it. In one process and one
// run, alternating: the bare inkjs compile of the source (Compile, and Compile + ToJson, which any
// publisher needs to keep the story), then the studio's publish call through the app's HTTP stack
// (app.inject): checks, compile, tag and EXTERNAL checks, the JSON, and the transaction writing
// the game and the new chapter version. Each round edits one line, so every publish writes a new
// version. Target: publish at most 2 times the bare compile (median of the rounds).
import { CALLS } from '@taleforge/contracts';
import { Compiler } from 'inkjs/full';
import { startInProcessApp } from '../lib/in-process-app.mjs';
import { generatedStory } from './story.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_RATIO = 2;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

async function timedAsync(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

function bareCompile(source) {
  const compile = timed(() => new Compiler(source).Compile());
  const json = timed(() => compile.value.ToJson());
  return { compileMs: compile.ms, toJsonMs: json.ms };
}

async function call(app, token, def, body) {
  const res = await app.inject({
    method: def.method,
    url: `/${app.benchPrefix}${def.path}?lang=en_US&df_id=bench-publish`,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const answer = res.json();
  if (answer.status !== 200) throw new Error(`${def.path}: ${answer.status} ${answer.desc}`);
  return answer.data;
}

export async function benchPublish() {
  const server = await startInProcessApp('publish');
  const { app, token } = server;
  app.benchPrefix = server.prefix;
  try {
    const work = await call(app, token, CALLS.studioWorkCreate, {
      title: { en_US: 'The generated town' },
      script_type: 'SUSPENSE',
    });
    const face = {
      skin: '#f0d0b0',
      hair: '#222222',
      hairStyle: 'short',
      eyes: '#334455',
      accent: '#aa3344',
    };
    await call(app, token, CALLS.studioWorkUpdate, {
      id: work.id,
      revision: work.revision,
      characters: [{ key: 'mira', name: { en_US: 'Mira' }, persona: {}, greeting: {}, face }],
      chapters: [{ title: { en_US: 'The town' }, file: 'town.ink', price_gems: 0 }],
    });
    const story = generatedStory();
    const bytes = Buffer.byteLength(story);
    // Warm-up: the compiler's and the server's code.
    bareCompile(story);
    const bare = [];
    const publishes = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const source = story.replace('# title: The generated town', `# title: Round ${round}`);
      await call(app, token, CALLS.studioFileSave, { id: work.id, path: 'town.ink', source });
      bare.push(bareCompile(source));
      publishes.push(
        (await timedAsync(() => call(app, token, CALLS.studioPublish, { id: work.id }))).ms,
      );
    }
    // Round 0 warmed the publish path (and created the game); the rest are measured.
    bare.shift();
    publishes.shift();
    const compileMs = median(bare.map((b) => b.compileMs));
    const compileJsonMs = median(bare.map((b) => b.compileMs + b.toJsonMs));
    const publishMs = median(publishes);
    const ratio = publishMs / compileMs;
    console.log('\n── bench/publish ─────────────────────────────────────────');
    console.log(
      `${(bytes / 1024).toFixed(0)} KB of ink, one chapter, ${ROUNDS} rounds (medians), embedded database unless BENCH_DATABASE_URL is set`,
    );
    console.log(`bare inkjs Compile()            ${compileMs.toFixed(0).padStart(6)} ms`);
    console.log(`bare inkjs Compile() + ToJson() ${compileJsonMs.toFixed(0).padStart(6)} ms`);
    console.log(`studio publish (HTTP)           ${publishMs.toFixed(0).padStart(6)} ms`);
    console.log(
      `ratio publish / bare compile: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'ok' : 'OVER'}`,
    );
    return { compileMs, compileJsonMs, publishMs, ratio };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPublish();
