// A real Redis for the tests of shared state: Debian's redis-server (scripts/ensure-redis.sh puts
// it on the machine), one per test that needs it, on a free loopback port, keeping nothing on
// disk. A test may stop it and start it again on the same port, as an outage would.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { freePort } from './server-process.js';

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server (SIGKILL: an outage, not a shutdown); start() brings it back on its port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers; resume() thaws it. */
  pause(): void;
  resume(): void;
}

/** Resolves once the port accepts a connection that answers PING. */
async function answers(port: number): Promise<boolean> {
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

const running = new Set<ChildProcess>();

/** Kills every server this file started: call from `afterAll`. */
export function killRedisServers() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Starts redis-server on a free port and waits until it answers. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';

  async function start() {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    running.add(started);
    started.stdout!.on('data', (d) => (output += d));
    started.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server did not start on ${port}: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function stop() {
    const current = child;
    if (!current || current.exitCode !== null) return;
    const exited = once(current, 'exit');
    current.kill('SIGKILL');
    await exited;
    running.delete(current);
    child = null;
  }

  const signal = (name: NodeJS.Signals) => () => {
    (child as ChildProcess | null)?.kill(name);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: signal('SIGSTOP'),
    resume: signal('SIGCONT'),
  };
}
