// The server as a newcomer starts it: the built server (what `npm start` runs) on a clean data
// directory, with no PUBLIC_URL, no database, Redis, mail or media settings, on two ports that
// are not the defaults, and the ffmpeg the npm packages ship (a machine with nothing installed by
// hand has no other). Started by the newcomer journey itself, not by the config's webServer: its
// ports are picked at run time, and nothing the other journeys' servers are given may reach it.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// The server's workspace is the one that depends on the installer packages: resolved from there.
const fromServer = createRequire(join(repoRoot, 'apps/server/package.json'));

/** The static builds of ffmpeg 4.1 and its ffprobe that `npm install` brings (never the system's). */
export const SHIPPED_FFMPEG = {
  ffmpeg: (fromServer('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (fromServer('@ffprobe-installer/ffprobe') as { path: string }).path,
};

/**
 * What a newcomer's shell hands the server: where programs are and who they are, nothing of
 * ours. Built up from nothing rather than copied and pruned, so no variable of the test run
 * (PUBLIC_URL, DATABASE_URL, NODE_OPTIONS with the runner's loader, E2E_*, …) can leak in.
 */
const SHELL_VARIABLES = ['PATH', 'HOME', 'USER', 'LANG', 'TMPDIR', 'TZ'] as const;

export interface NewcomerServer {
  /** http://localhost:<PORT>: where the server says players find it. */
  origin: string;
  /** http://localhost:<STUDIO_PORT>. */
  studioOrigin: string;
  port: number;
  studioPort: number;
  dataDir: string;
  /** What the server wrote to its terminal so far (stdout and stderr). */
  output: () => string;
  /** One invite code made by customer service's CLI while the server runs (the admin channel). */
  createInvite: () => Promise<string>;
  /** SIGTERM, then the data directory goes. */
  stop: () => Promise<void>;
}

/** A port nothing listens on now: the system picks one, we read it and let it go. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startNewcomerServer(): Promise<NewcomerServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'taleforge-newcomer-'));
  const port = await freePort();
  let studioPort = await freePort();
  while (studioPort === port) studioPort = await freePort();

  const env: NodeJS.ProcessEnv = {};
  for (const name of SHELL_VARIABLES) if (process.env[name]) env[name] = process.env[name];
  Object.assign(env, {
    DATA_DIR: dataDir,
    // Rendered here, not in the cache the other journeys keep between runs: a fresh render.
    DEMO_MEDIA_CACHE: join(dataDir, 'demo-media-cache'),
    PORT: String(port),
    STUDIO_PORT: String(studioPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    FFMPEG_PATH: SHIPPED_FFMPEG.ffmpeg,
    FFPROBE_PATH: SHIPPED_FFMPEG.ffprobe,
    // Episode 1 of every demo series, at the fewest frames and the cheapest preset: the journey
    // watches episode 1 of each series, and the whole `npm test` shares two cores.
    DEMO_VIDEO_EPISODES: '1',
    DEMO_VIDEO_FPS: '6',
    VIDEO_PRESET: 'ultrafast',
  });
  // NODE_ENV stays unset, as `npm start` leaves it: development, with its terminal banner and
  // /dev/mailbox. Nothing here needs the test-only routes.

  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout!.on('data', keep);
  // Warnings and errors (LOG_LEVEL=warn) show in the runner's output, as the webServers' do.
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[newcomer server] ${chunk.toString('utf8')}`);
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.startsWith('{')) process.stderr.write(`[newcomer server] ${line}\n`);
    }
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(killed);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Up when its health answers; a server that exits first fails at once, with what it said.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `the newcomer server exited (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const health = await fetch(`http://127.0.0.1:${port}/taleforge/health`).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the newcomer server did not answer /taleforge/health in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin: `http://localhost:${port}`,
    studioOrigin: `http://localhost:${studioPort}`,
    port,
    studioPort,
    dataDir,
    output: () => output,
    async createInvite() {
      const cli = join(repoRoot, 'apps/server/dist/cli/invites.js');
      const { stdout } = await run(
        process.execPath,
        [cli, 'create', '--count', '1', '--uses', '1', '--note', 'newcomer'],
        { cwd: repoRoot, env },
      );
      const code = stdout.trim().split('\n').at(-1)?.trim();
      if (!code) throw new Error(`the invites CLI printed no code:\n${stdout}`);
      return code;
    },
    stop,
  };
}

/**
 * The code in the newest mail to `to` on the dev mailbox page (no SMTP_URL: mail stays in the
 * outbox and shows there), as a newcomer reads it in the browser.
 */
export async function mailboxCode(origin: string, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const page = await (await fetch(`${origin}/dev/mailbox`)).text();
        const mails = [...page.matchAll(/<article>([\s\S]*?)<\/article>/g)].map((m) => m[1]!);
        // Newest first; the address is written after an arrow, the text in <pre>.
        const mail = mails.find((m) => m.includes(`→ ${to}`));
        code = /<pre>[\s\S]*?\b(\d{6})\b[\s\S]*?<\/pre>/.exec(mail ?? '')?.[1];
        return code;
      },
      { message: `a code mailed to ${to} on /dev/mailbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}
