// bench/spend: gem spends per second through the HTTP API — POST /api/auth/h5/game/unlock: token
// check, validation, then one statement that reads the price, the wallet, the idempotency entry
// and the open lots and writes the FIFO lot update, the wallet, the ledger entry and the unlock
// row — with 50 concurrent clients, each its own player.
//
// The baseline is that same single-statement debit run straight on the same database with the
// same concurrency: what the API adds on top of the ledger write (HTTP, token check, validation,
// the service) is what the ratio measures. A bare `UPDATE wallets … balance - 1` loop is printed
// beside it for scale: it writes no ledger entry, no lot and no unlock, so it is not a spend.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { spendInOneStatement } from '../../apps/server/dist/modules/wallet/spend-query.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { freePort, startProcess } from '../lib/server-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);

/** A baseline loop: each client runs `op` for its own player, as fast as it can. */
async function loop(players, seconds, op) {
  const latencies = [];
  const cpuStart = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    players.map(async (p) => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(p);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuStart);
  latencies.sort((a, b) => a - b);
  return {
    cpuMsPerOp: (cpu.user + cpu.system) / 1000 / latencies.length,
    rps: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)],
    mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
  };
}

/** The server's own one-statement unlock, priced by the same subquery, minus everything around it. */
function bareSpend(db) {
  let seq = 0;
  return (p) => {
    seq += 1;
    const ref = `chapter:1:${1_000_000 + seq}`;
    return spendInOneStatement(
      db,
      {
        userId: p.userId,
        amount: sql`select chapter_price from bench_games where id = ${1}`,
        type: 'chapter_unlock',
        ref,
        idempotencyKey: `bare-${process.pid}-${seq}`,
        now: new Date(),
        unlock: { kind: 'chapter', gameId: 1, targetId: 1_000_000 + seq },
      },
      null,
    ).then((outcome) => {
      if (!outcome.entry) throw new Error(`bare spend wrote nothing: ${JSON.stringify(outcome)}`);
    });
  };
}

const bareUpdate = (db) => (p) =>
  db.execute(
    sql`update wallets set balance = balance - 1 where user_id = ${p.userId} and balance >= 1`,
  );

function driveApi(base, players, seconds) {
  let seq = 0;
  let next = 0;
  return autocannon({
    url: `${base}${CALLS.unlock.path}`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest(req, context) {
          // Each connection keeps one player; every request buys a chapter it has not bought.
          context.player ??= players[next++ % players.length];
          seq += 1;
          return {
            ...req,
            path: `${new URL(base).pathname}${CALLS.unlock.path}?lang=en_US&df_id=v_bench${context.player.userId}`,
            headers: { 'content-type': 'application/json', authorization: context.player.token },
            body: JSON.stringify({
              game_id: 1,
              chapter_id: seq,
              idempotency_key: `bench-${process.pid}-${seq}`,
            }),
          };
        },
        onResponse(status, body) {
          if (status !== 200 || !body.includes('"status":200')) {
            console.error(`unlock refused: ${status} ${body.slice(0, 200)}`);
            process.exit(1);
          }
        },
      },
    ],
  });
}

export async function benchSpend(
  database = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-spend-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/taleforge`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    BENCH_PLAYERS: String(CONNECTIONS),
    WALLET_JOB_INTERVAL_MS: '3600000',
  };
  const server = await startProcess({
    args: ['bench/spend/server.mjs'],
    profile: true,
    cwd: root,
    env,
    readyUrl: `${base}/health`,
  });
  let api;
  let players;
  try {
    players = JSON.parse(readFileSync(join(dataDir, 'bench-players.json'), 'utf8'));
    await driveApi(base, players, 2);
    const cpuStart = server.cpuSeconds();
    const r = await driveApi(base, players, DURATION_S);
    const cpuSeconds = server.cpuSeconds() - cpuStart;
    if (r.non2xx || r.errors) throw new Error(`unlock: ${r.non2xx} non-2xx, ${r.errors} errors`);
    api = {
      rps: r.requests.average,
      p99: r.latency.p99,
      mean: r.latency.average,
      cpuMsPerOp: (cpuSeconds * 1000) / r.requests.total,
    };
  } finally {
    await server.stop();
  }
  // The baselines run after the server stopped, on the same database, alone like the server was.
  const direct = await openDatabase({
    url: env.DATABASE_URL,
    dataDir,
    poolSize: POOL_SIZE,
  });
  const bare = await loop(players, DURATION_S, bareSpend(direct.db));
  const update = await loop(players, DURATION_S, bareUpdate(direct.db));
  await direct.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = api.rps / bare.rps;
  console.log(`\n── bench/spend (${database}) ──────────────────────────────────`);
  console.log(`${CONNECTIONS} clients (one player each), ${DURATION_S}s each, pool ${POOL_SIZE}`);
  const row = (label, r) =>
    `${label}${r.rps.toFixed(0).padStart(7)} /s  mean ${r.mean.toFixed(2)} ms  p99 ${Number(r.p99).toFixed(2)} ms  CPU ${r.cpuMsPerOp.toFixed(2)} ms/op`;
  console.log(row('baseline  one-statement spend, no HTTP  ', bare));
  console.log(row('taleforge POST /api/auth/h5/game/unlock ', api));
  console.log(row('for scale: bare UPDATE balance - 1      ', update));
  console.log(
    `API spends reach ${(ratio * 100).toFixed(1)}% of the bare spend loop (target ≥ 60%)`,
  );
  // CPU is Node's (the server's for the API, this process's for the loops); on PGlite that
  // includes the database, on PostgreSQL the database backends are left out of all three.
  return { bare, update, api, ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSpend();
