import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { STATUS_MESSAGES } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '../src/platform/db/schema/index.js';
import { askAssistant, buildAssistantCatalogue } from './support/assistant.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// The daily cap and what it says, a resend that is the stored turn, and concurrent sends: one
// message sent twice at once, and a burst at the edge of the cap.

const CAP = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    ASSISTANT_DAILY_CAP: String(CAP),
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  await buildAssistantCatalogue(server.database.db);
});
afterAll(() => server.close());

const db = () => server.database.db;
const rowsOf = (userId: number) =>
  db().select().from(assistantMessages).where(eq(assistantMessages.userId, userId));
const used = async (token: string) =>
  (await api(server, CALLS.assistantState, { token })).data!.cap.used;

describe('the daily cap', () => {
  it('allows ASSISTANT_DAILY_CAP messages a UTC day, then says when it resets, in each language', async () => {
    server.clock.now = new Date('2026-11-27T20:40:00Z');
    const { user, token } = await buildSession(db());
    for (let i = 1; i <= CAP; i++) {
      const res = await askAssistant(server, token, `what are gems? (${i})`);
      expect(res.data!.cap).toEqual({ limit: CAP, used: i, resets_at: '2026-11-28T00:00:00.000Z' });
    }
    const en = await askAssistant(server, token, 'one more');
    expect(en.status).toBe(6401);
    expect(en.desc).toBe(`${STATUS_MESSAGES[6401].en_US}: resets at 00:00 UTC, in 3 h 20 min`);
    const zh = await askAssistant(server, token, '再来一个', { lang: 'zh_CN' });
    expect(zh.desc).toBe(
      `${STATUS_MESSAGES[6401].zh_CN}: 将于 UTC 00:00 重置，还有 3 小时 20 分钟`,
    );
    const ja = await askAssistant(server, token, 'もう一つ', { lang: 'ja_JP' });
    expect(ja.desc).toBe(
      `${STATUS_MESSAGES[6401].ja_JP}: UTC 00:00 にリセットされます（あと 3 時間 20 分）`,
    );
    expect(await rowsOf(user.id)).toHaveLength(CAP * 2);
    // A new UTC day: the count starts again.
    server.clock.now = new Date('2026-11-28T00:00:30Z');
    const next = await askAssistant(server, token, 'hello');
    expect(next.status, next.desc).toBe(200);
    expect(next.data!.cap).toMatchObject({ used: 1, resets_at: '2026-11-29T00:00:00.000Z' });
  });

  it('counts a resend once: the same id and text answer the stored turn, even at the cap', async () => {
    const { user, token } = await buildSession(db());
    const id = randomUUID();
    const first = await askAssistant(server, token, 'find me a mystery', { id });
    for (let i = 1; i < CAP; i++) await askAssistant(server, token, `filler ${i}`);
    const again = await askAssistant(server, token, 'find me a mystery', { id });
    expect(again.status, again.desc).toBe(200);
    expect(again.data!.message.id).toBe(first.data!.message.id);
    expect(again.data!.reply).toEqual(first.data!.reply);
    expect(again.data!.cap.used).toBe(CAP);
    expect(await rowsOf(user.id)).toHaveLength(CAP * 2);
  });

  it('refuses the same id with other text (6405) and stores nothing', async () => {
    const { user, token } = await buildSession(db());
    const id = randomUUID();
    await askAssistant(server, token, 'what are gems?', { id });
    const other = await askAssistant(server, token, 'do gems expire?', { id, lang: 'ja_JP' });
    expect(other.status).toBe(6405);
    expect(other.desc).toBe(STATUS_MESSAGES[6405].ja_JP);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });
});

describe('concurrent sends', () => {
  it('two sends of one message at once store one turn and answer it to both', async () => {
    const { user, token } = await buildSession(db());
    const id = randomUUID();
    const both = await Promise.all([
      askAssistant(server, token, 'find me a romance story', { id }),
      askAssistant(server, token, 'find me a romance story', { id }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.data!.message.id).toBe(both[1]!.data!.message.id);
    expect(both[0]!.data!.reply.id).toBe(both[1]!.data!.reply.id);
    expect(await rowsOf(user.id)).toHaveLength(2);
    expect(await used(token)).toBe(1);
  });

  it('twenty different sends at the edge of the cap: exactly one more is stored', async () => {
    const { user, token } = await buildSession(db());
    for (let i = 1; i < CAP; i++) await askAssistant(server, token, `warm up ${i}`);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askAssistant(server, token, `burst ${i}`)),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 6401)).toHaveLength(19);
    const rows = await rowsOf(user.id);
    expect(rows.filter((r) => r.role === 'player')).toHaveLength(CAP);
    expect(rows.filter((r) => r.role === 'assistant')).toHaveLength(CAP);
    expect(await used(token)).toBe(CAP);
  });
});
