// bench/nodes (issue 24): what a second node adds. Two workloads, each on a PostgreSQL database
// of its own shared by two server processes (and one Redis when installed), measured with one
// node serving and with both, in alternating rounds:
//   - home read: GET /taleforge/api/h5/game/home as a browser asks it, from each node's own
//     catalogue cache — the server `npm start` runs, demo works seeded;
//   - spend: POST /taleforge/api/auth/h5/game/unlock, players buying chapters, each node for
//     players of its own (bench/spend's server: the built app plus a bench chapter kind), every
//     spend a ledger write, the ledger checked afterwards.
// The machine's core count is printed beside the figures: the nodes, PostgreSQL and this load
// generator share those cores, so on a small machine the second node cannot add throughput.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import { databaseCpuSeconds, freePort, startProcess } from '../lib/server-process.mjs';
import { createDatabase, openPostgres, startRedis } from './cluster.mjs';
import { checkLedger } from './ledger.mjs';
import { spread } from './spread.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** One server process on the shared database, with a data directory (keys) of its own. */
async function startNode(script, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-node-'));
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/taleforge`;
  const server = await startProcess({
    args: [script],
    cwd: root,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    readyUrl: `${api}/health`,
  });
  return {
    api,
    dataDir,
    cpuSeconds: () => server.cpuSeconds(),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Load over `serving`, with the CPU every node, the database and this generator used per request. */
async function measure(serving, all, databaseUrl, load) {
  const cpu = async () =>
    all.reduce((sum, node) => sum + node.cpuSeconds(), await databaseCpuSeconds(databaseUrl));
  const before = await cpu();
  const generator = process.cpuUsage();
  const r = await spread({ ...load, nodes: serving.map((n) => n.api), seconds: DURATION_S });
  const own = process.cpuUsage(generator);
  return {
    ...r,
    cpuMsPerOp: ((await cpu()) - before) * (1000 / r.total),
    generatorMsPerOp: (own.user + own.system) / 1000 / r.total,
  };
}

/** Starts two nodes, warms both, then alternates one-node and two-node rounds. */
async function workload({ label, postgres, nodeScript, env, firstEnv = {}, load, after }) {
  const database = await createDatabase(postgres.adminUrl, label);
  const shared = { NODE_ENV: 'production', DATABASE_URL: database.url, ...env };
  const nodes = [];
  try {
    // One after the other: the first migrates the empty database and seeds it.
    nodes.push(await startNode(nodeScript, { ...shared, ...firstEnv }));
    nodes.push(await startNode(nodeScript, shared));
    const run = typeof load === 'function' ? load(nodes) : load;
    await spread({ ...run, nodes: nodes.map((n) => n.api), seconds: 2 });
    const one = [];
    const two = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Which goes first alternates, so neither always meets the warmer database.
      const order = round % 2 === 0 ? [one, two] : [two, one];
      for (const list of order) {
        list.push(await measure(list === one ? [nodes[0]] : nodes, nodes, database.url, run));
      }
    }
    const checked = after ? await after(database.url) : null;
    return { one: summary(one), two: summary(two), version: database.version, checked };
  } finally {
    for (const node of nodes) await node.stop();
    await database.drop();
  }
}

function summary(runs) {
  const rps = median(runs.map((r) => r.rps));
  return {
    rps,
    p99: median(runs.map((r) => r.p99)),
    cpuMsPerOp: median(runs.map((r) => r.cpuMsPerOp)),
    generatorMsPerOp: median(runs.map((r) => r.generatorMsPerOp)),
    // How the median round's requests fell on the nodes.
    perNode: runs.find((r) => r.rps === rps).perNode,
  };
}

const homeLoad = {
  connections: CONNECTIONS,
  request: (node) => ({
    path: `${new URL(node).pathname}${CALLS.home.path}?lang=en_US&df_id=v_bench`,
  }),
  check(status) {
    if (status !== 200) throw new Error(`home answered ${status}`);
  },
};

function spendLoad(nodes) {
  const players = JSON.parse(readFileSync(join(nodes[0].dataDir, 'bench-players.json'), 'utf8'));
  let seq = 0;
  const next = [];
  return {
    connections: CONNECTIONS,
    request(node, n, count) {
      // Node n of count spends for players n, n + count, … in turn: two nodes never wait on one
      // wallet's lock.
      const owned = Math.ceil((players.length - n) / count);
      next[n] = ((next[n] ?? -1) + 1) % owned;
      const player = players[n + count * next[n]];
      seq += 1;
      return {
        method: 'POST',
        path: `${new URL(node).pathname}${CALLS.unlock.path}?lang=en_US&df_id=v_bench${player.userId}`,
        headers: { 'content-type': 'application/json', authorization: player.token },
        body: JSON.stringify({
          game_id: 1,
          chapter_id: seq,
          idempotency_key: `nodes-${process.pid}-${seq}`,
        }),
      };
    },
    check(status, body) {
      if (status !== 200 || !body.includes('"status":200')) {
        throw new Error(`unlock refused: ${status} ${body.slice(0, 200)}`);
      }
    },
  };
}

const line = (label, r) =>
  `${label.padEnd(9)}${r.rps.toFixed(0).padStart(7)} /s  p99 ${String(r.p99).padStart(3)} ms  ` +
  `CPU ${r.cpuMsPerOp.toFixed(2)} ms/op (nodes + PostgreSQL), load generator ${r.generatorMsPerOp.toFixed(2)}` +
  (r.perNode.length > 1 ? `  per node ${r.perNode.map((x) => x.toFixed(0)).join(' / ')}` : '');

export async function benchNodes() {
  // Other work on the machine takes cores from the nodes: the load average is the figure's context.
  const loadBefore = loadavg()[0];
  const postgres = await openPostgres();
  const redis = await startRedis();
  const env = { WALLET_JOB_INTERVAL_MS: '3600000', ...(redis && { REDIS_URL: redis.url }) };
  let home;
  let spend;
  try {
    home = await workload({
      label: 'home',
      postgres,
      nodeScript: 'apps/server/dist/main.js',
      // The demo works, not their videos: rendering them would take the cores for minutes.
      env: { ...env, DEMO_VIDEOS: 'false' },
      load: homeLoad,
    });
    spend = await workload({
      label: 'spend',
      postgres,
      nodeScript: 'bench/spend/server.mjs',
      env: { ...env, LOG_LEVEL: 'warn' },
      firstEnv: { BENCH_PLAYERS: String(CONNECTIONS) },
      load: spendLoad,
      after: checkLedger,
    });
  } finally {
    await redis?.stop();
    await postgres.stop();
  }
  const cores = availableParallelism();
  console.log('\n── bench/nodes ───────────────────────────────────────────');
  console.log(
    `machine: ${cores} cores (${cpus()[0]?.model ?? 'unknown'}), shared by nodes, PostgreSQL ${home.version} and the load generator`,
  );
  console.log(
    `load average (1 min) ${loadBefore.toFixed(1)} before the run (other work), ${loadavg()[0].toFixed(1)} at its end`,
  );
  console.log(
    `${CONNECTIONS} connections spread round-robin (connection i → node i mod n), Redis ${redis ? 'on' : 'off (redis-server not installed)'}, ${ROUNDS} alternating rounds of ${DURATION_S}s, medians`,
  );
  for (const [name, r] of [
    ["home read GET /api/h5/game/home (each node's cache)", home],
    ['spend POST /api/auth/h5/game/unlock', spend],
  ]) {
    console.log(name);
    console.log(line('  1 node', r.one));
    console.log(line('  2 nodes', r.two));
    console.log(`  two nodes / one: ${(r.two.rps / r.one.rps).toFixed(2)}× on ${cores} cores`);
  }
  console.log(`ledger after the spends: ${spend.checked}`);
  return { cores, home, spend };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNodes();
