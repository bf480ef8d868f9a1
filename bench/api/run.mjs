// bench/api: reads through the whole server — context hook, auth hook, validation, the answer's
// contract serializer, envelope, JSON log line — against a bare Fastify hello-world measured in
// the same run on the same machine:
//   - the public catalogue read (GET /taleforge/api/h5/game/home), served from the response cache;
//   - a signed-in player's game list (GET /taleforge/api/auth/h5/game/list, 20 games), read from
//     the database and serialized on every request.
// Both are asked the way a browser asks, with Chromium's Accept-Encoding: the home answer goes
// out brotli-compressed as it does to every player (the hello-world ignores the header).
//
// BENCH_API_BEFORE=<another checkout, built> runs that checkout's server beside this one, round
// by round, and prints both: a change's before and after from one run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import autocannon from 'autocannon';
import { freePort, startProcess } from '../lib/server-process.mjs';
import { signedInVisitor } from '../lib/visitor.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BEFORE = process.env.BENCH_API_BEFORE ? resolve(process.env.BENCH_API_BEFORE) : null;

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load({ url, headers }) {
  const options = { url, connections: CONNECTIONS, headers: { ...BROWSER_HEADERS, ...headers } };
  // Warm up (JIT, caches) before measuring.
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION_S });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Alternates the targets round by round, so a noisy neighbour hits all alike. Each target's
 * ratio is the median of its per-round ratios to the hello-world of the same round.
 */
async function compare(targets) {
  const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, target] of Object.entries(targets)) runs[name].push(await load(target));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        ratio: median(rs.map((r, round) => r.rps / runs.hello[round].rps)),
      },
    ]),
  );
}

/** One checkout's built server on a fresh data directory, with the demo content loaded. */
async function startServer(checkout, { profile = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-'));
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  };
  const args = ['apps/server/dist/main.js'];
  const readyUrl = `http://127.0.0.1:${port}/taleforge/health`;
  // First start creates the database and keys; the second measures start-up on existing data.
  const first = await startProcess({ args, cwd: checkout, env, readyUrl });
  await first.stop();
  const server = await startProcess({ args, cwd: checkout, env, readyUrl, profile });
  const api = `http://127.0.0.1:${port}/taleforge`;
  const { dfId, token } = await signedInVisitor(api);
  return {
    readyMs: server.readyMs,
    home: { url: `${api}${CALLS.home.path}?lang=en_US&df_id=v_bench` },
    list: {
      url: `${api}${CALLS.gameList.path}?lang=en_US&df_id=${dfId}&page=1&page_size=20`,
      headers: { authorization: token },
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const line = (label, r) =>
  `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${(
    r.ratio * 100
  ).toFixed(1)}% of hello`;

export async function benchApi() {
  const basePort = await freePort();
  const baseline = await startProcess({
    args: [fileURLToPath(new URL('./hello-world.mjs', import.meta.url))],
    env: { PORT: String(basePort) },
    readyUrl: `http://127.0.0.1:${basePort}/hello`,
  });
  const server = await startServer(root, { profile: true });
  const before = BEFORE ? await startServer(BEFORE) : null;

  const results = await compare({
    hello: { url: `http://127.0.0.1:${basePort}/hello` },
    home: server.home,
    list: server.list,
    ...(before ? { beforeHome: before.home, beforeList: before.list } : {}),
  });
  await server.stop();
  await before?.stop();
  await baseline.stop();

  const { hello, home, list } = results;
  console.log('\n── bench/api ─────────────────────────────────────────────');
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} alternating rounds of ${DURATION_S}s, medians, same run`,
  );
  console.log(line('baseline  GET /hello (bare Fastify)', hello));
  console.log(line('taleforge GET /api/h5/game/home (cached)', home));
  console.log(line('taleforge GET /api/auth/h5/game/list (20)', list));
  if (before) {
    console.log(`before: ${BEFORE}`);
    console.log(line('before    GET /api/h5/game/home (cached)', results.beforeHome));
    console.log(line('before    GET /api/auth/h5/game/list (20)', results.beforeList));
    console.log(
      `list after/before ${((list.rps / results.beforeList.rps) * 100).toFixed(1)}%, ` +
        `home after/before ${((home.rps / results.beforeHome.rps) * 100).toFixed(1)}%`,
    );
  }
  console.log(
    `ratio home/baseline ${(home.ratio * 100).toFixed(1)}% (median of per-round ratios; target ≥ 50%)`,
  );
  console.log(
    `start-up on an existing data directory: ${server.readyMs.toFixed(0)} ms (target ≤ 5000 ms)`,
  );
  return { hello, home, list, ratio: home.ratio, startupMs: server.readyMs };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
