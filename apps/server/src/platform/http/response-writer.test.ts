import { Writable } from 'node:stream';
import { CALLS, defineCall } from '@taleforge/contracts';
import { LOCALES } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './error-handler.js';
import { ResponseContractError, responseContract, responseWriter } from './response-writer.js';
import { defineRoute } from './route.js';

// A route's answer is written through its contract: in development and tests a field the
// contract lacks, a missing one or a wrong type fails the request; in production stray fields are
// never written and a missing one still fails.

const answerCall = defineCall({
  method: 'GET',
  path: '/api/v1/test/answer',
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().optional(),
    tags: z.array(z.object({ label: z.string() })),
  }),
});

const good = { id: 7, name: 'Mira', tags: [{ label: 'brave' }] };

let app: FastifyInstance | undefined;
let logs: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  logs = [];
});

/** An app whose one route answers whatever the test hands it. */
async function appAnswering(answer: unknown, check: boolean): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream } });
  app.decorateRequest('locale', 'en_US');
  installErrorHandler(app);
  await app.register(responseContract, { check });
  defineRoute(app, answerCall, async () => answer as never);
  await app.ready();
  return app;
}

const get = async (target: FastifyInstance) => {
  const res = await target.inject({ url: answerCall.path });
  return { http: res.statusCode, body: res.json(), type: res.headers['content-type'] };
};

describe('answers checked against the contract (development and tests)', () => {
  it('writes an answer that matches, inside the envelope', async () => {
    const res = await get(await appAnswering(good, true));
    expect(res.http).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ status: STATUS.OK, desc: expect.any(String), data: good });
  });

  it('fails an answer with a field the contract lacks, and logs which', async () => {
    const res = await get(await appAnswering({ ...good, password_hash: 'x' }, true));
    expect(res.http).toBe(500);
    expect(res.body).toEqual({ status: 500, desc: expect.any(String), data: null });
    expect(JSON.stringify(res.body)).not.toContain('password_hash');
    expect(logs.join('')).toContain('must NOT have additional properties');
  });

  it('fails a stray field deep inside a list', async () => {
    const answer = { ...good, tags: [{ label: 'brave', secret: 1 }] };
    expect((await get(await appAnswering(answer, true))).http).toBe(500);
    expect(logs.join('')).toContain('/tags/0');
  });

  it('fails an answer missing a field the contract requires', async () => {
    const { name: _name, ...missing } = good;
    const res = await get(await appAnswering(missing, true));
    expect(res.http).toBe(500);
    expect(logs.join('')).toContain("must have required property 'name'");
  });

  it('fails a field of the wrong type', async () => {
    expect((await get(await appAnswering({ ...good, id: '7' }, true))).http).toBe(500);
    expect((await get(await appAnswering({ ...good, id: 7.5 }, true))).http).toBe(500);
  });
});

describe('answers written through the contract (production)', () => {
  it('never writes a field the contract lacks', async () => {
    const res = await get(await appAnswering({ ...good, password_hash: 'x' }, false));
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual(good);
  });

  it('still refuses to write an answer missing a required field', async () => {
    const { id: _id, ...missing } = good;
    const res = await get(await appAnswering(missing, false));
    expect(res.http).toBe(500);
    expect(res.body.data).toBeNull();
  });
});

describe('every call of the contracts', () => {
  it('compiles a writer whose text is the envelope JSON.stringify would write', () => {
    for (const [name, call] of Object.entries(CALLS)) {
      const write = responseWriter(call, { check: true });
      expect(write, name).toBeTypeOf('function');
      // The check compiles at the first answer: one that breaks its contract, or none at all
      // for a call whose data may be null, but never a schema Ajv cannot compile.
      let problem: unknown = null;
      try {
        write(null as never, 'en_US');
      } catch (error) {
        problem = error;
      }
      if (problem !== null) expect(problem, name).toBeInstanceOf(ResponseContractError);
    }
    const write = responseWriter(answerCall, { check: true });
    for (const locale of LOCALES) {
      const text = write(good, locale);
      expect(JSON.parse(text)).toEqual({ status: STATUS.OK, desc: expect.any(String), data: good });
    }
    const descs = new Set(LOCALES.map((locale) => JSON.parse(write(good, locale)).desc));
    expect(descs.size).toBe(LOCALES.length);
    // Compiling a serializer for each of the ~90 calls takes seconds on a loaded machine.
  }, 30_000);
});
