// bench/play: story events per second through POST /taleforge/api/auth/h5/game/event with 50
// players playing at once (each its own visitor account and save), with p50/p99 latency, beside
// the bare read benchmark of bench/api (bare Fastify hello-world and the cached home read)
// measured on the same machine in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import autocannon from 'autocannon';
import { freePort, startProcess } from '../lib/server-process.mjs';
import { signedInVisitor } from '../lib/visitor.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const GAME_SLUG_TITLE = 'Signal from Kepler Dock';

async function read(url) {
  await autocannon({ url, connections: PLAYERS, duration: 2 });
  const r = await autocannon({ url, connections: PLAYERS, duration: DURATION_S });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function post(api, call, body, token, dfId) {
  const res = await fetch(`${api}${call.path}?lang=en_US&df_id=${dfId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** The next event a player sends after seeing `state`: choices, dice, conversations, replays. */
function nextEvent(gameId, state) {
  if (state.chapter_ended) return { type: 'start', game_id: gameId, restart: true };
  if (state.minigame?.kind === 'dice') {
    return { type: 'minigame_move', game_id: gameId, seq: state.seq, move: { action: 'roll' } };
  }
  if (state.conversation) return { type: 'continue', game_id: gameId, seq: state.seq };
  const choice = state.choices[Math.floor(Math.random() * state.choices.length)];
  return { type: 'choose', game_id: gameId, seq: state.seq, choice_index: choice.index };
}

async function play(api, gameId, deadline) {
  const latencies = [];
  const players = await Promise.all(Array.from({ length: PLAYERS }, () => signedInVisitor(api)));
  let refused = 0;
  await Promise.all(
    players.map(async ({ dfId, token }) => {
      let body = { type: 'start', game_id: gameId, restart: true };
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await post(api, CALLS.gameEvent, body, token, dfId);
        latencies.push(performance.now() - t0);
        if (res.status !== 200) {
          refused++;
          body = { type: 'start', game_id: gameId };
          continue;
        }
        body = nextEvent(gameId, res.data);
      }
    }),
  );
  return { latencies, refused };
}

export async function benchPlay() {
  const basePort = await freePort();
  const baseline = await startProcess({
    args: [fileURLToPath(new URL('../api/hello-world.mjs', import.meta.url))],
    env: { PORT: String(basePort) },
    readyUrl: `http://127.0.0.1:${basePort}/hello`,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-play-'));
  const port = await freePort();
  const server = await startProcess({
    args: ['apps/server/dist/main.js'],
    profile: true,
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      AUTH_RATE_LIMIT_SCALE: '1000',
    },
    readyUrl: `http://127.0.0.1:${port}/taleforge/health`,
  });
  const api = `http://127.0.0.1:${port}/taleforge`;
  try {
    const hello = await read(`http://127.0.0.1:${basePort}/hello`);
    const homeUrl = `${api}${CALLS.home.path}?lang=en_US&df_id=v_bench`;
    const home = await read(homeUrl);
    const catalogue = await (await fetch(homeUrl)).json();
    const game = catalogue.data.sections
      .flatMap((s) => s.games)
      .find((g) => g.title === GAME_SLUG_TITLE);
    // Warm-up, then the measured run.
    await play(api, game.id, performance.now() + 2_000);
    const cpuStart = server.cpuSeconds();
    const t0 = performance.now();
    const { latencies, refused } = await play(api, game.id, t0 + DURATION_S * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = server.cpuSeconds() - cpuStart;
    latencies.sort((a, b) => a - b);
    const events = {
      // The server's own CPU per event: unlike events/s, neither the players' client (sharing
      // the cores) nor the neighbours on the machine count in it.
      cpuMsPerEvent: (cpuSeconds * 1000) / latencies.length,
      eps: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };

    console.log('\n── bench/play ────────────────────────────────────────────');
    console.log(
      `${PLAYERS} concurrent players, ${DURATION_S}s, embedded database unless BENCH_DATABASE_URL is set`,
    );
    console.log(
      `baseline  GET /hello (bare Fastify)       ${hello.rps.toFixed(0).padStart(7)} req/s  p50 ${hello.p50} ms  p99 ${hello.p99} ms`,
    );
    console.log(
      `read      GET /api/h5/game/home (cached)  ${home.rps.toFixed(0).padStart(7)} req/s  p50 ${home.p50} ms  p99 ${home.p99} ms`,
    );
    console.log(
      `story     POST /api/auth/h5/game/event    ${events.eps.toFixed(0).padStart(7)} ev/s   p50 ${events.p50.toFixed(1)} ms  p99 ${events.p99.toFixed(1)} ms  (${refused} refused)`,
    );
    console.log(
      `ratio story/home ${((events.eps / home.rps) * 100).toFixed(1)}%, story/bare ${((events.eps / hello.rps) * 100).toFixed(1)}%`,
    );
    console.log(`server CPU per story event ${events.cpuMsPerEvent.toFixed(2)} ms`);
    return { hello, home, events, refused };
  } finally {
    await server.stop();
    await baseline.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPlay();
