import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { seedDemoContent } from '../src/modules/play/demo-content.js';
import { seedDemoSeriesRows } from '../src/modules/series/index.js';
import { askAssistant } from './support/assistant.js';
import { buildSession } from './support/factories.js';
import { startTestServer, type TestServer } from './support/server.js';

// The offline assistant on the demo catalogue a fresh site starts with (the journeys' world):
// a romance search finds the café story and the contract-marriage series, in each language.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const media = createMediaStore(server.config);
  await seedDemoContent(db, { artBase: '/taleforge/art', media, now: new Date() });
  await seedDemoSeriesRows({ db, media, mediaBase: '/taleforge/media', now: new Date() });
});
afterAll(() => server.close());

describe('the assistant on the demo catalogue', () => {
  it.each([
    ['en_US', 'find me a romance story', ['Second Chance Café', 'The Umbrella Contract']],
    ['zh_CN', '找一个恋爱故事', ['再来一杯咖啡馆', '雨伞契约']],
    ['ja_JP', '恋愛の物語を探して', ['セカンドチャンス・カフェ', '傘の契約']],
  ])('%s: "%s" finds the romance works', async (lang, text, titles) => {
    const { token } = await buildSession(server.database.db);
    const res = await askAssistant(server, token, text, { lang });
    expect(res.status, res.desc).toBe(200);
    expect(res.data!.reply.works.map((w) => w.title).sort()).toEqual([...titles].sort());
  });

  it('opens a demo story by its title', async () => {
    const { token } = await buildSession(server.database.db);
    const res = await askAssistant(server, token, 'open Signal from Kepler Dock');
    const [card] = res.data!.reply.works;
    expect(card!.title).toBe('Signal from Kepler Dock');
    expect(res.data!.reply.actions).toContainEqual(
      expect.objectContaining({ kind: 'open', path: `/drama/${card!.id}`, auto: true }),
    );
  });
});
