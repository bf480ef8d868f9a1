import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { STATUS_MESSAGES } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, supportReports } from '../src/platform/db/schema/index.js';
import { askAssistant, buildAssistantCatalogue } from './support/assistant.js';
import { buildSession } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// Refused input that stores nothing, the per-minute limit, history page by page, and reports
// sent only with the player's consent.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  await buildAssistantCatalogue(server.database.db);
});
afterAll(() => server.close());

const db = () => server.database.db;
const rowsOf = (userId: number) =>
  db().select().from(assistantMessages).where(eq(assistantMessages.userId, userId));

describe('refused input', () => {
  it('answers each refusal in the language asked and stores nothing', async () => {
    const { user, token } = await buildSession(db());
    const cases: [string, number][] = [
      ['', 6402],
      ['   \n\t ', 6402],
      ['a'.repeat(501), 6403],
      ['恋'.repeat(501), 6403],
    ];
    for (const [text, status] of cases) {
      const res = await askAssistant(server, token, text, { lang: 'zh_CN' });
      expect(res.status, text.slice(0, 10)).toBe(status);
      expect(res.desc).toBe(STATUS_MESSAGES[status as 6402 | 6403].zh_CN);
    }
    const malformed = await apiRaw(server, CALLS.assistantSend, {
      token,
      body: { client_message_id: 'not-a-uuid', text: 'hi', source: 'text' },
    });
    expect(malformed.status).toBe(1001);
    const unknownSource = await apiRaw(server, CALLS.assistantSend, {
      token,
      body: { client_message_id: randomUUID(), text: 'hi', source: 'telepathy' },
    });
    expect(unknownSource.status).toBe(1001);
    const noToken = await askAssistant(server, '', 'hello');
    expect(noToken.status).not.toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
    // Exactly the longest message is accepted.
    expect((await askAssistant(server, token, '恋'.repeat(500))).status).toBe(200);
  });

  it("limits sends per minute with the server's limiter", async () => {
    const limited = await startTestServer({ ASSISTANT_SENDS_PER_MINUTE: '2' });
    try {
      const { user, token } = await buildSession(limited.database.db);
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push((await askAssistant(limited, token, `hi ${i}`)).status);
      expect(answers).toEqual([200, 200, 1003]);
      const rows = await limited.database.db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.userId, user.id));
      expect(rows).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});

describe('history', () => {
  it('pages back through the conversation, newest page first, each page oldest first', async () => {
    const { user, token } = await buildSession(db());
    const base = Date.UTC(2026, 9, 1);
    await db()
      .insert(assistantMessages)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          userId: user.id,
          role: i % 2 === 0 ? 'player' : 'assistant',
          text: `message ${i}`,
          source: i % 2 === 0 ? 'text' : null,
          clientMessageId: i % 2 === 0 ? randomUUID() : null,
          createdAt: new Date(base + i * 1000),
        })),
      );
    const state = (await api(server, CALLS.assistantState, { token })).data!;
    expect(state.messages).toHaveLength(50);
    expect(state.has_more).toBe(true);
    expect(state.messages[0]!.text).toBe('message 70');
    expect(state.messages.at(-1)!.text).toBe('message 119');
    const seen = [...state.messages];
    let before = state.messages[0]!.id;
    for (const [size, more] of [
      [50, true],
      [20, false],
    ] as const) {
      const page = await api(server, CALLS.assistantHistory, {
        token,
        query: { before_id: before },
      });
      expect(page.data!.messages).toHaveLength(size);
      expect(page.data!.has_more).toBe(more);
      seen.unshift(...page.data!.messages);
      before = page.data!.messages[0]!.id;
    }
    expect(seen.map((m) => m.text)).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i}`));
    // Another player's history is not reachable by paging from their ids.
    const { token: other } = await buildSession(db());
    const theirs = await api(server, CALLS.assistantHistory, {
      token: other,
      query: { before_id: before + 1000 },
    });
    expect(theirs.data).toEqual({ messages: [], has_more: false });
  });
});

describe('reports', () => {
  it('stores a report only when sent, once per client id, with the conversation only if agreed', async () => {
    const { user, token } = await buildSession(db());
    await askAssistant(server, token, 'the video is broken, report it');
    expect(
      await db().select().from(supportReports).where(eq(supportReports.userId, user.id)),
    ).toEqual([]);
    const id = randomUUID();
    const body = {
      client_report_id: id,
      description: '  The video is broken.  ',
      include_conversation: true,
    };
    const sent = await api(server, CALLS.assistantReport, { token, lang: 'ja_JP', body });
    expect(sent.status, sent.desc).toBe(200);
    const again = await api(server, CALLS.assistantReport, { token, body });
    expect(again.data!.report_id).toBe(sent.data!.report_id);
    const [report, ...rest] = await db()
      .select()
      .from(supportReports)
      .where(eq(supportReports.userId, user.id));
    expect(rest).toEqual([]);
    expect(report).toMatchObject({
      description: 'The video is broken.',
      locale: 'ja_JP',
      status: 'open',
    });
    expect(report!.conversation!.map((m) => m.role)).toEqual(['player', 'assistant']);
    expect(report!.conversation![0]!.text).toBe('the video is broken, report it');
    const without = await api(server, CALLS.assistantReport, {
      token,
      body: {
        client_report_id: randomUUID(),
        description: 'Another one',
        include_conversation: false,
      },
    });
    const [row] = await db()
      .select()
      .from(supportReports)
      .where(eq(supportReports.id, without.data!.report_id));
    expect(row!.conversation).toBeNull();
  });

  it('refuses an empty or over-long description (6413) and stores nothing', async () => {
    const { user, token } = await buildSession(db());
    for (const description of ['', '   ', 'x'.repeat(1001)]) {
      const res = await api(server, CALLS.assistantReport, {
        token,
        lang: 'zh_CN',
        body: { client_report_id: randomUUID(), description, include_conversation: false },
      });
      expect(res.status).toBe(6413);
      expect(res.desc).toBe(STATUS_MESSAGES[6413].zh_CN);
    }
    expect(
      await db().select().from(supportReports).where(eq(supportReports.userId, user.id)),
    ).toEqual([]);
  });
});
