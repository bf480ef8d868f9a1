// bench/isolation (issue 41): what hostile creators cost everyone else. 50 paced players (a home
// read and a story step each, every 250 ms) alone, then with 10 creators previewing a story that
// diverts to itself over and over, in the same run on the same server: p50/p99 of both calls in
// both phases, and the ratio of the p99s. Target: p99 with hostile load ≤ 2× p99 without.
// The server runs in this process (app.listen), as bench/publish's does, so the players' client
// shares its event loop in both phases alike.
import { CALLS } from '@taleforge/contracts';
import { startInProcessApp } from '../lib/in-process-app.mjs';
import { signedInVisitor } from '../lib/visitor.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const HOSTILE = Number(process.env.BENCH_HOSTILE ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const PACE_MS = 250;
const TARGET_RATIO = 2;

const CORRIDOR = `- (top)
The corridor bends again.
+ [Left] You go left. -> top
+ [Right] You go right. -> top
`;
const LOOP = '-> loop\n=== loop ===\n-> loop\n';

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function call(api, def, { token, dfId = 'bench-isolation', body, query = {} }) {
  const params = new URLSearchParams({ lang: 'en_US', df_id: dfId, ...query });
  const res = await fetch(`${api}${def.path}?${params}`, {
    method: def.method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

async function work(api, token, title, source) {
  const created = await call(api, CALLS.studioWorkCreate, {
    token,
    body: { title: { en_US: title }, script_type: 'SUSPENSE' },
  });
  await call(api, CALLS.studioFileSave, {
    token,
    body: { id: created.data.id, path: 'one.ink', source },
  });
  const now = await call(api, CALLS.studioWork, { token, query: { id: created.data.id } });
  await call(api, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: created.data.id,
      revision: now.data.revision,
      chapters: [{ title: { en_US: 'One' }, file: 'one.ink', price_gems: 0 }],
    },
  });
  return created.data.id;
}

/** Every player reads the home and takes a step each PACE_MS, until `deadline`. */
async function players(api, gameId, list, deadline) {
  const home = [];
  const step = [];
  await Promise.all(
    list.map(async ({ dfId, token }, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * PACE_MS) / list.length));
      let body = { type: 'start', game_id: gameId, restart: true };
      while (performance.now() < deadline) {
        const started = performance.now();
        await call(api, CALLS.home, { dfId });
        const read = performance.now();
        home.push(read - started);
        const answer = await call(api, CALLS.gameEvent, { token, dfId, body });
        step.push(performance.now() - read);
        const choices = answer.data?.choices ?? [];
        body = choices.length
          ? {
              type: 'choose',
              game_id: gameId,
              seq: answer.data.seq,
              choice_index: choices[0].index,
            }
          : { type: 'start', game_id: gameId, restart: true };
        const rest = PACE_MS - (performance.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
    }),
  );
  return { home, step };
}

export async function benchIsolation() {
  const server = await startInProcessApp('isolation', { AUTH_RATE_LIMIT_SCALE: '1000' });
  const { token } = server;
  const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const api = `${origin}/${server.prefix}`;
  try {
    const corridor = await work(api, token, 'The corridor', CORRIDOR);
    const published = await call(api, CALLS.studioPublish, { token, body: { id: corridor } });
    const gameId = published.data.game_id;
    const loops = [];
    for (let i = 0; i < HOSTILE; i++) loops.push(await work(api, token, `Loop ${i}`, LOOP));
    const list = await Promise.all(Array.from({ length: PLAYERS }, () => signedInVisitor(api)));

    await players(api, gameId, list, performance.now() + 3_000);
    const alone = await players(api, gameId, list, performance.now() + DURATION_S * 1000);

    let stop = false;
    const answers = new Map();
    const hostile = loops.map(async (id) => {
      while (!stop) {
        const a = await call(api, CALLS.studioPreview, { token, body: { id, chapter: 1 } });
        answers.set(a.status, (answers.get(a.status) ?? 0) + 1);
      }
    });
    const beside = await players(api, gameId, list, performance.now() + DURATION_S * 1000);
    stop = true;
    await Promise.all(hostile);

    const row = (name, xs) =>
      `${name.padEnd(26)} ${String(xs.length).padStart(6)}  p50 ${percentile(xs, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(xs, 99).toFixed(1).padStart(7)} ms`;
    const ratio = (a, b) => percentile(b, 99) / Math.max(percentile(a, 99), 0.001);
    const homeRatio = ratio(alone.home, beside.home);
    const stepRatio = ratio(alone.step, beside.step);
    console.log('\n── bench/isolation ───────────────────────────────────────');
    console.log(
      `${PLAYERS} players paced at ${PACE_MS} ms, ${DURATION_S} s a phase; then ${HOSTILE} creators previewing a self-divert loop without pause`,
    );
    console.log(row('home read, alone', alone.home));
    console.log(row('home read, hostile beside', beside.home));
    console.log(row('story step, alone', alone.step));
    console.log(row('story step, hostile beside', beside.step));
    console.log(
      `hostile previews answered: ${[...answers].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
    );
    for (const [name, r] of [
      ['home', homeRatio],
      ['step', stepRatio],
    ]) {
      console.log(
        `ratio p99 ${name} hostile/alone ${r.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${r <= TARGET_RATIO ? 'ok' : 'OVER'}`,
      );
    }
    return { homeRatio, stepRatio };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchIsolation();
