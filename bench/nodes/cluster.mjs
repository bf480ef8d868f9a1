// The parts several nodes share, made for one benchmark run: a database of its own on a
// PostgreSQL server (BENCH_DATABASE_URL's, else the test cluster scripts/ensure-postgres.mjs
// starts) and, when redis-server is installed (scripts/ensure-redis.sh), a Redis of its own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import pg from 'pg';
import { ensurePostgres, stopPostgres } from '../../scripts/ensure-postgres.mjs';
import { freePort } from '../lib/server-process.mjs';

async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server: a URL to make databases with, and whether this run started it. */
export async function openPostgres() {
  if (process.env.BENCH_DATABASE_URL) {
    return { adminUrl: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  }
  const { url, started } = await ensurePostgres();
  return { adminUrl: url, stop: async () => started && stopPostgres() };
}

/** A new empty database on that server; the first node to start migrates it. */
export async function createDatabase(adminUrl, label) {
  const name = `tf_bench_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { rows } = await adminQuery(adminUrl, 'SHOW server_version');
  return {
    url: url.toString(),
    version: rows[0].server_version,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/**
 * A redis-server on a free loopback port keeping nothing on disk, or null when none is
 * installed: the nodes then run without REDIS_URL, each with its own limits and caches.
 */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = once(child, 'error').then(() => true);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const gone = await Promise.race([failed, new Promise((r) => setTimeout(() => r(false), 25))]);
    if (gone || child.exitCode !== null) return null;
    if (await answersPing(port)) break;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
