import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { RequestLogController } from './logger.js';

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
