import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED } from '../../test/support/settled.js';
import {
  batchedDestination,
  LOG_BATCH_BYTES,
  LOG_FLUSH_MS,
  RequestLogController,
} from './logger.js';

const lines: { level: number; msg: string; method?: string; status?: number }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});

const app = Fastify({
  loggerInstance: pino({ level: 'debug' }, sink),
  logController: new RequestLogController(),
});
app.get('/catalogue', async () => ({ games: [] }));
app.get('/missing', async (_request, reply) => reply.code(404).send({ status: 404 }));
app.get('/broken', async () => {
  throw new Error('boom');
});
app.post('/spend', async () => ({ ok: true }));
afterAll(() => app.close());

const DEBUG = 20;
const INFO = 30;

async function levelOf(method: 'GET' | 'POST', url: string) {
  lines.length = 0;
  await app.inject({ method, url });
  const requestLines = lines.filter((l) => l.msg === 'request' || l.msg === 'request failed');
  expect(requestLines).toHaveLength(1);
  return requestLines[0]!.level;
}

describe('the access log', () => {
  it('keeps quick successful reads at debug and everything else at info or above', async () => {
    expect(await levelOf('GET', '/catalogue')).toBe(DEBUG);
    expect(await levelOf('POST', '/spend')).toBe(INFO);
    expect(await levelOf('GET', '/missing')).toBe(INFO);
    expect(await levelOf('GET', '/broken')).toBeGreaterThanOrEqual(INFO);
  });
});

// A unit project's 5 s per test is short on a loaded machine for a node process's start (the
// last test) and for the deadlines below.
describe('the log destination', { timeout: 30_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tf-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const linesIn = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).msg as string);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Polls on real time. Not `vi.waitFor`: under fake timers it moves them, flush included. */
  async function until(check: () => void) {
    const end = Date.now() + SETTLED.timeout;
    for (;;) {
      try {
        return check();
      } catch (error) {
        if (Date.now() > end) throw error;
        await pause(10);
      }
    }
  }
  // Only the destination's interval is faked: a loaded machine cannot then fire the flush early
  // and stand in for a batch's own write, or fire it late and miss a deadline.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('holds a few lines back and writes them within the flush interval', async () => {
    const file = join(dir, 'quiet.log');
    const destination = batchedDestination(file);
    const log = pino(destination);
    log.info('first');
    log.info('second');
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    await pause(100);
    expect(linesIn(file)).toEqual([]);
    vi.advanceTimersByTime(1);
    await until(() => expect(linesIn(file)).toEqual(['first', 'second']));
    destination.destroy();
  });

  it('writes at once when a batch is full', async () => {
    const file = join(dir, 'busy.log');
    const destination = batchedDestination(file);
    const log = pino(destination);
    const count = Math.ceil(LOG_BATCH_BYTES / 100) + 1;
    for (let i = 0; i < count; i++) log.info({ padding: 'x'.repeat(100) }, `line ${i}`);
    // The flush interval never comes: only the full batch can have written them.
    await until(() => expect(linesIn(file).length).toBeGreaterThan(0));
    destination.destroy();
  });

  it('loses nothing when the process exits', () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const script = `
      const { batchedDestination } = await import(${JSON.stringify(logger)});
      const { default: pino } = await import('pino');
      const log = pino(batchedDestination(1));
      log.info('last words');
      process.exit(0);`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['last words']);
  });
});
