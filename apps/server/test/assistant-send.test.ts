import { CALLS } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssistantCatalogue,
  askAssistant,
  buildAssistantCatalogue,
} from './support/assistant.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { newVisitor, visitorLogin } from './support/visitors.js';

// The assistant's panel end to end with the offline engine: the state it opens on, a turn
// stored and shown again, the avatar and mute settings, a visitor's own conversation.

let server: TestServer;
let works: AssistantCatalogue;
beforeAll(async () => {
  server = await startTestServer({ ASSISTANT_DAILY_CAP: '50' });
  works = await buildAssistantCatalogue(server.database.db);
});
afterAll(() => server.close());

const state = (token: string, lang?: string) =>
  api(server, CALLS.assistantState, { token, ...(lang ? { lang } : {}) });

describe('the assistant panel', () => {
  it('opens on the defaults: female avatar, not muted, no messages, the cap unused, browser voice', async () => {
    const { token } = await buildSession(server.database.db);
    const res = await state(token);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      avatar: 'female',
      muted: false,
      messages: [],
      has_more: false,
      cap: { limit: 50, used: 0 },
      voice: { transcription: 'browser', speech: 'browser' },
    });
    const resets = new Date(res.data!.cap.resets_at);
    expect(resets.getUTCHours()).toBe(0);
    expect(resets.getTime()).toBeGreaterThan(server.clock.now.getTime());
    expect(resets.getTime() - server.clock.now.getTime()).toBeLessThanOrEqual(86_400_000);
  });

  it('answers a search with romance works, stores the turn and shows it again on the next open', async () => {
    const { token } = await buildSession(server.database.db);
    const res = await askAssistant(server, token, 'find me a romance story');
    expect(res.status, res.desc).toBe(200);
    const { message, reply, cap } = res.data!;
    expect(message).toMatchObject({
      role: 'player',
      text: 'find me a romance story',
      source: 'text',
    });
    expect(reply.role).toBe('assistant');
    expect(reply.works.map((w) => w.id).sort()).toEqual(
      [works.romanceStory.id, works.romanceSeries.id].sort(),
    );
    expect(reply.text).toContain('Rainy Café Hearts');
    expect(reply.actions).toContainEqual({
      kind: 'open',
      path: `/drama/${works.romanceStory.id}`,
      label: 'Rainy Café Hearts',
      auto: false,
    });
    expect(cap.used).toBe(1);
    const again = await state(token, 'ja_JP');
    expect(again.data!.messages.map((m) => m.id)).toEqual([message.id, reply.id]);
    // Cards are built when read, in the reader's language.
    expect(again.data!.messages[1]!.works.map((w) => w.title)).toContain('雨のカフェの恋心');
    expect(again.data!.cap.used).toBe(1);
  });

  it('keeps the avatar and mute the player chose, each changed on its own', async () => {
    const { token } = await buildSession(server.database.db);
    const male = await api(server, CALLS.assistantSettings, { token, body: { avatar: 'male' } });
    expect(male.data).toEqual({ avatar: 'male', muted: false });
    const muted = await api(server, CALLS.assistantSettings, { token, body: { muted: true } });
    expect(muted.data).toEqual({ avatar: 'male', muted: true });
    expect((await state(token)).data).toMatchObject({ avatar: 'male', muted: true });
    const back = await api(server, CALLS.assistantSettings, { token, body: { avatar: 'female' } });
    expect(back.data).toEqual({ avatar: 'female', muted: true });
  });

  it('tells the panel to use the server for voice when speech services are configured', async () => {
    const voiced = await startTestServer({
      STT_BASE_URL: 'http://127.0.0.1:9/v1',
      TTS_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    try {
      const { token } = await buildSession(voiced.database.db);
      const res = await api(voiced, CALLS.assistantState, { token });
      expect(res.data!.voice).toEqual({ transcription: 'server', speech: 'server' });
    } finally {
      await voiced.close();
    }
  });

  it('works for a visitor, whose conversation is their own', async () => {
    const visitor = await newVisitor(server);
    const login = await visitorLogin(server, visitor);
    expect(login.status, login.desc).toBe(200);
    const token = login.data!.access_token;
    const sent = await askAssistant(server, token, '找一个恋爱故事', { lang: 'zh_CN' });
    expect(sent.status, sent.desc).toBe(200);
    expect(sent.data!.reply.works.map((w) => w.title)).toContain('雨天咖啡馆之心');
    const { token: other } = await buildSession(server.database.db);
    expect((await state(other)).data!.messages).toEqual([]);
    expect((await state(token)).data!.messages).toHaveLength(2);
  });
});
