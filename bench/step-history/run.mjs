// bench/step-history: does a story step cost more as a chapter goes on? Server CPU per step
// (POST /api/auth/h5/game/event, a choice) at choice 10 and at choice 300 of one chapter, same run,
// same server. Players at choice 300 have 300 choice points to rewind to; a step must not pay for
// them. Early and late windows alternate, ROUNDS of each (fresh early players every round), so a
// server that warms up or slows down over the run, or a busy neighbour on the machine, weighs on
// both sides alike. Target: the step at choice 300 costs at most 1.5 times the step at choice 10.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import { databaseCpuSeconds, freePort, startProcess } from '../lib/server-process.mjs';
import { signedInVisitor } from '../lib/visitor.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);
const EARLY = 10;
const LATE = 300;
/** Choices each player makes in one measured window; ROUNDS windows on each side. */
const WINDOW = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TARGET_RATIO = 1.5;

async function post(api, body, { token, dfId }) {
  const res = await fetch(`${api}${CALLS.gameEvent.path}?lang=en_US&df_id=${dfId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (answer.status !== 200) throw new Error(`game event: ${answer.status} ${answer.desc}`);
  return answer.data;
}

/** Players who started the chapter and made `choices` choices, each in its own save. */
async function playersAt(api, gameId, choices) {
  const players = await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const who = await signedInVisitor(api);
      return { who, state: await post(api, { type: 'start', game_id: gameId }, who) };
    }),
  );
  await advance(api, gameId, players, choices);
  return players;
}

/** Every player makes `choices` more choices, all players at once, one step after another. */
async function advance(api, gameId, players, choices) {
  const latencies = [];
  await Promise.all(
    players.map(async (player) => {
      for (let i = 0; i < choices; i++) {
        const { seq, choices: options, history } = player.state;
        const choice = options[(seq * 7) % options.length];
        const t0 = performance.now();
        player.state = await post(
          api,
          { type: 'choose', game_id: gameId, seq, choice_index: choice.index },
          player.who,
        );
        latencies.push(performance.now() - t0);
        if (player.state.history.length !== history.length + 1) throw new Error('history lost');
      }
    }),
  );
  return latencies;
}

/** Server CPU (and the database's, on PostgreSQL) and latencies over the next WINDOW choices. */
async function measure(server, api, gameId, players) {
  const cpu = async () =>
    server.cpuSeconds() + (await databaseCpuSeconds(process.env.BENCH_DATABASE_URL));
  const before = await cpu();
  const latencies = await advance(api, gameId, players, WINDOW);
  return { cpuMs: ((await cpu()) - before) * 1000, latencies };
}

function summary(windows, players) {
  const latencies = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  return {
    cpuMsPerStep: windows.reduce((sum, w) => sum + w.cpuMs, 0) / latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)],
    history: players[0].state.history.length,
  };
}

export async function benchStepHistory() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-steps-'));
  const port = await freePort();
  const server = await startProcess({
    args: [fileURLToPath(new URL('./server.mjs', import.meta.url))],
    profile: true,
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      AUTH_RATE_LIMIT_SCALE: '1000',
    },
    readyUrl: `http://127.0.0.1:${port}/taleforge/health`,
  });
  const api = `http://127.0.0.1:${port}/taleforge`;
  try {
    const { gameId } = JSON.parse(readFileSync(join(dataDir, 'bench-step-history.json'), 'utf8'));
    // Warm-up: the server's code and the chapter's story, then the players who go far.
    await playersAt(api, gameId, 2 * EARLY);
    const late = await playersAt(api, gameId, LATE - (ROUNDS * WINDOW) / 2);
    const earlyWindows = [];
    const lateWindows = [];
    let early = [];
    for (let round = 0; round < ROUNDS; round++) {
      early = await playersAt(api, gameId, EARLY - WINDOW / 2);
      earlyWindows.push(await measure(server, api, gameId, early));
      lateWindows.push(await measure(server, api, gameId, late));
    }
    const atEarly = summary(earlyWindows, early);
    const atLate = summary(lateWindows, late);
    const ratio = atLate.cpuMsPerStep / atEarly.cpuMsPerStep;

    const row = (label, m) =>
      `${label}  ${m.cpuMsPerStep.toFixed(2).padStart(6)} ms CPU/step  p50 ${m.p50.toFixed(1)} ms  (history ${m.history} at the end)`;
    console.log('\n── bench/step-history ────────────────────────────────────');
    console.log(
      `${PLAYERS} players, ${ROUNDS} alternating windows of ${WINDOW} choices each, embedded database unless BENCH_DATABASE_URL is set`,
    );
    console.log(row(`choice ${EARLY} `, atEarly));
    console.log(row(`choice ${LATE}`, atLate));
    console.log(
      `ratio choice ${LATE} / choice ${EARLY}: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'ok' : 'OVER'}`,
    );
    return { atEarly, atLate, ratio };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStepHistory();
