// bench/api: the public catalogue read (GET /taleforge/api/h5/game/home) through the whole
// server — context hook, auth hook, validation, cache, envelope, JSON log line — against a bare
// Fastify hello-world measured in the same run on the same machine. Both are asked the way a
// browser asks, with Chromium's Accept-Encoding: the home answer goes out brotli-compressed as it
// does to every player (the hello-world ignores the header).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import autocannon from 'autocannon';
import { freePort, startProcess } from '../lib/server-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(url) {
  const options = { url, connections: CONNECTIONS, headers: BROWSER_HEADERS };
  // Warm up (JIT, caches) before measuring.
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION_S });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Alternates the two targets round by round, so a noisy neighbour hits both alike. */
async function compare(baseUrl, homeUrl) {
  const runs = { hello: [], home: [] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.hello.push(await load(baseUrl));
    runs.home.push(await load(homeUrl));
  }
  const summary = (rs) => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
  });
  const ratios = runs.home.map((r, i) => r.rps / runs.hello[i].rps);
  return { hello: summary(runs.hello), home: summary(runs.home), ratio: median(ratios) };
}

export async function benchApi() {
  const basePort = await freePort();
  const baseline = await startProcess({
    args: [fileURLToPath(new URL('./hello-world.mjs', import.meta.url))],
    env: { PORT: String(basePort) },
    readyUrl: `http://127.0.0.1:${basePort}/hello`,
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-'));
  const port = await freePort();
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  };
  const health = `http://127.0.0.1:${port}/taleforge/health`;
  // First start creates the database and keys; the second measures start-up on existing data.
  const first = await startProcess({
    args: ['apps/server/dist/main.js'],
    cwd: root,
    env: serverEnv,
    readyUrl: health,
  });
  await first.stop();
  const server = await startProcess({
    args: ['apps/server/dist/main.js'],
    cwd: root,
    env: serverEnv,
    readyUrl: health,
    profile: true,
  });
  const { hello, home, ratio } = await compare(
    `http://127.0.0.1:${basePort}/hello`,
    `http://127.0.0.1:${port}/taleforge${CALLS.home.path}?lang=en_US&df_id=v_bench`,
  );
  await server.stop();
  await baseline.stop();
  rmSync(dataDir, { recursive: true, force: true });

  console.log('\n── bench/api ─────────────────────────────────────────────');
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} alternating rounds of ${DURATION_S}s, medians, same run`,
  );
  console.log(
    `baseline  GET /hello (bare Fastify)      ${hello.rps.toFixed(0).padStart(7)} req/s  p50 ${hello.p50} ms  p99 ${hello.p99} ms`,
  );
  console.log(
    `taleforge GET /taleforge/api/h5/game/home ${home.rps.toFixed(0).padStart(7)} req/s  p50 ${home.p50} ms  p99 ${home.p99} ms`,
  );
  console.log(
    `ratio home/baseline ${(ratio * 100).toFixed(1)}% (median of per-round ratios; target ≥ 50%)`,
  );
  console.log(
    `start-up on an existing data directory: ${server.readyMs.toFixed(0)} ms (target ≤ 5000 ms)`,
  );
  return { hello, home, ratio, startupMs: server.readyMs };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
