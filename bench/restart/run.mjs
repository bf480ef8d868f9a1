// bench/restart (issue 40): how long the built server takes to answer again when it starts on a
// data directory it has used before (the demo seeded, migrations applied), with the server's own
// breakdown by phase from its ready line (module loading, database open, migrations, app, seed,
// listening). Target: ready within 2 s. The baseline, measured in the same rounds, is a bare
// Fastify hello-world's start (node, Fastify and a listener: what any server of ours pays).
// The CPU the server used until ready is printed too: it moves less than the wall time with the
// machine's other work. The demo videos are off: they are made after the server is ready and
// would only load the machine between rounds.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, NODE_FLAGS, processCpuSeconds } from '../lib/server-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TARGET_MS = 2000;
const root = fileURLToPath(new URL('../..', import.meta.url));
const HELLO = fileURLToPath(new URL('./hello.mjs', import.meta.url));

/**
 * Spawns `args`, polls `readyPath` until it answers, and reads the ready line's `startup` phases
 * (the server logs them; the hello-world has none), once the process has stopped.
 */
async function timeStart(args, env, readyPath) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...args], {
    cwd: root,
    env: { ...process.env, STUDIO_PORT: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  let readyMs;
  let cpuSeconds;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${out}`);
      if (performance.now() - started > 120_000) throw new Error(`${args[0]} not ready:\n${out}`);
      const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    readyMs = performance.now() - started;
    cpuSeconds = processCpuSeconds(child.pid);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  // The log is written in batches: the ready line is out once the process has stopped.
  const line = out.split('\n').find((l) => l.includes('"startup"'));
  return { readyMs, cpuSeconds, phases: line ? JSON.parse(line).startup : null };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;

export async function benchRestart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-restart-'));
  const server = (logLevel) =>
    timeStart(
      ['apps/server/dist/main.js'],
      { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_VIDEOS: 'false', LOG_LEVEL: logLevel },
      '/taleforge/health',
    );
  try {
    const first = await server('info');
    console.log(`\nrestart: first start on an empty data directory ${ms(first.readyMs)}`);
    const restarts = [];
    const hellos = [];
    // Rounds alternate the two, so a busy moment of the machine falls on both.
    for (let round = 0; round < ROUNDS; round++) {
      hellos.push((await timeStart([HELLO], {}, '/')).readyMs);
      restarts.push(await server('info'));
    }
    const ready = median(restarts.map((r) => r.readyMs));
    const hello = median(hellos);
    const names = Object.keys(restarts[0].phases ?? {});
    const phases = names.map((n) => `${n} ${ms(median(restarts.map((r) => r.phases[n])))}`);
    console.log(
      `restart on existing data: ready ${ms(ready)} (median of ${ROUNDS}; ` +
        `${ms(Math.min(...restarts.map((r) => r.readyMs)))}–` +
        `${ms(Math.max(...restarts.map((r) => r.readyMs)))}), target ≤ ${ms(TARGET_MS)}: ` +
        `${ready <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`  phases (server's own clock, medians): ${phases.join(', ')}`);
    const cpu = median(restarts.map((r) => r.cpuSeconds));
    console.log(`  CPU until ready (all threads): ${cpu?.toFixed(2)} s (median)`);
    console.log(
      `  baseline: bare Fastify hello-world ready ${ms(hello)}; restart / baseline ` +
        `${(ready / hello).toFixed(2)}×`,
    );
    console.log(
      `  machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRestart();
