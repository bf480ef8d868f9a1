import { CALLS, STUDIO_ANALYTICS_CSV_PATH } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { createWalletService } from '../src/modules/wallet/wallet-service.js';
import { studioWorks } from '../src/platform/db/schema/index.js';
import { buildSession, buildUser } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';
import { newVisitor, visitorLogin } from './support/visitors.js';

// Creator analytics through the real HTTP layer: real players start, choose, finish and unlock
// chapters of a published work; its creator and admins read the figures, nobody else does.

const t = (en: string) => ({ en_US: en, zh_CN: `${en}（中文）`, ja_JP: `${en}（日本語）` });
const ONE = `Night falls.
-> harbour
== harbour ==
The harbour at night.
* [Board the ship #ja:乗船する] You board.
  -> deck
* [Walk away] You leave.
  -> inn
== deck ==
Salt air.
* [Sail] You sail. #chapter_end
  -> END
== inn ==
A warm fire.
* [Sleep] You sleep. #chapter_end
  -> END
`;
const TWO = `The second chapter.
-> cellar
== cellar ==
Damp stone.
* [Climb out] Daylight. #chapter_end
  -> END
`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STUDIO_PORT: '0' });
});
afterAll(() => server.close());
const db = () => server.database.db;

async function publishedWork() {
  const { gameId, creatorId } = await buildStoryGame(db(), {
    chapters: [
      { title: t('One'), priceGems: 0, ink: ONE },
      { title: t('Two'), priceGems: 50, ink: TWO },
    ],
  });
  const [work] = await db()
    .insert(studioWorks)
    .values({ ownerId: creatorId, gameId, title: { en_US: 'Harbour' }, scriptType: 'SUSPENSE' })
    .returning();
  const sessions = createSessionService({ db: db(), ttlDays: 30, now: () => server.clock.now });
  const { token } = await sessions.createSession(creatorId);
  return { gameId, workId: work!.id, creatorToken: token };
}

async function play(gameId: number, picks: number[]) {
  const { token, user } = await buildSession(db(), { now: () => server.clock.now });
  const send = async (body: Parameters<typeof sendEvent>[1]) => sendEvent(token, body);
  let state = await send({ type: 'start', game_id: gameId });
  for (const choice_index of picks) {
    state = await send({ type: 'choose', game_id: gameId, seq: state.seq, choice_index });
  }
  return { token, user, state };
}

async function sendEvent(
  token: string,
  body: Extract<Parameters<typeof api<typeof CALLS.gameEvent>>[2], object>['body'],
) {
  const res = await api(server, CALLS.gameEvent, { token, body });
  if (res.status !== 200) throw new Error(`event ${res.status} ${res.desc}`);
  return res.data!;
}

const analytics = (
  token: string,
  id: number,
  range?: '7d' | '30d' | '90d' | 'all',
  lang?: string,
) => api(server, CALLS.studioAnalytics, { token, query: { id, range }, ...(lang ? { lang } : {}) });

describe('creator analytics of a work', () => {
  let work: Awaited<ReturnType<typeof publishedWork>>;
  beforeAll(async () => {
    work = await publishedWork();
    const { gameId } = work;
    await play(gameId, [0]); // boards, stops on deck
    await play(gameId, [0]); // boards, stops on deck
    await play(gameId, [1]); // walks away, stops at the inn
    await play(gameId, []); // never chooses
    await play(gameId, [0, 0]); // finishes chapter one
    // Finishes chapter one, buys chapter two and stops in its cellar.
    const buyer = await play(gameId, [1, 0]);
    const wallet = createWalletService({ now: () => server.clock.now });
    await wallet.grant(db(), buyer.user.id, 80, 'grant', 'start', `analytics-${gameId}`);
    const chapters = (
      await api(server, CALLS.resourceInfo, {
        token: buyer.token,
        query: { game_id: String(gameId) },
      })
    ).data!.chapters;
    const bought = await api(server, CALLS.unlock, {
      token: buyer.token,
      body: {
        idempotency_key: `buy-chapter-${gameId}`,
        game_id: gameId,
        chapter_id: chapters[1]!.id,
      },
    });
    expect(bought.status).toBe(200);
    await sendEvent(buyer.token, { type: 'start', game_id: gameId, chapter_id: chapters[1]!.id });
  });

  it('counts starts, completions, drop-off per knot, choice shares and chapter gems', async () => {
    const res = await analytics(work.creatorToken, work.workId, '30d');
    expect(res.status).toBe(200);
    const [one, two] = res.data!.chapters;
    expect(one).toMatchObject({ position: 1, title: 'One', starts: 6, completions: 2 });
    expect(one!.drop_off).toEqual([
      { knot: 'deck', players: 2 },
      { knot: 'harbour', players: 1 },
      { knot: 'inn', players: 1 },
    ]);
    // The buyer's chapter-one choices left with its save; the five others' remain.
    expect(one!.choices).toEqual([
      { knot: 'deck', text: 'Sail', picks: 1, share: 1 },
      { knot: 'harbour', text: 'Board the ship', picks: 3, share: 0.75 },
      { knot: 'harbour', text: 'Walk away', picks: 1, share: 0.25 },
    ]);
    expect(two).toMatchObject({ position: 2, starts: 1, completions: 0 });
    expect(two!.drop_off).toEqual([{ knot: 'cellar', players: 1 }]);
    expect(res.data!.gems).toEqual({ chapters: 50, chat: 0 });
    expect(res.data!.daily).toHaveLength(31);
    expect(res.data!.daily.reduce((n, d) => n + d.starts, 0)).toBe(6);
  });

  it('speaks the request language for titles and choices', async () => {
    const res = await analytics(work.creatorToken, work.workId, 'all', 'ja_JP');
    expect(res.data!.chapters[0]!.title).toBe('One（日本語）');
    expect(res.data!.chapters[0]!.choices.map((c) => c.text)).toContain('乗船する');
  });

  it('keeps to the range: plays and unlocks older than 7 days are left out', async () => {
    server.clock.advance(8 * 86_400_000);
    await play(work.gameId, [1]);
    const week = await analytics(work.creatorToken, work.workId, '7d');
    expect(week.data!.chapters[0]).toMatchObject({ starts: 1, completions: 0 });
    expect(week.data!.chapters[0]!.drop_off).toEqual([{ knot: 'inn', players: 1 }]);
    expect(week.data!.gems.chapters).toBe(0);
    expect(week.data!.daily).toHaveLength(8);
    expect(week.data!.daily.at(-1)).toEqual({
      day: server.clock.now.toISOString().slice(0, 10),
      starts: 1,
    });
    const all = await analytics(work.creatorToken, work.workId, 'all');
    expect(all.data!.chapters[0]!.starts).toBe(7);
    expect(all.data!.gems.chapters).toBe(50);
  });

  it('shows an admin any work, and answers everyone else as if the work did not exist', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const sessions = createSessionService({ db: db(), ttlDays: 30, now: () => server.clock.now });
    const adminToken = (await sessions.createSession(admin.id)).token;
    expect((await analytics(adminToken, work.workId)).data!.chapters).toHaveLength(2);

    const stranger = await buildSession(db(), { now: () => server.clock.now });
    for (const lang of ['en_US', 'zh_CN', 'ja_JP'] as const) {
      const res = await analytics(stranger.token, work.workId, '30d', lang);
      expect(res).toMatchObject({ status: STATUS.STUDIO_WORK_NOT_FOUND, data: null });
      expect(res.desc).toBe(statusMessage(STATUS.STUDIO_WORK_NOT_FOUND, lang));
    }
    const missing = await analytics(work.creatorToken, work.workId + 10_000);
    expect(missing.status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
  });

  it('tells a visitor to log in to create, and refuses no token and a bad range', async () => {
    const visitor = await newVisitor(server);
    const login = await visitorLogin(server, visitor);
    const res = await analytics(login.data!.access_token, work.workId);
    expect(res.status).toBe(STATUS.STUDIO_LOGIN_TO_CREATE);
    expect(res.desc).toBe('Login to create');
    expect(
      (await apiRaw(server, CALLS.studioAnalytics, { query: { id: work.workId } })).status,
    ).toBe(STATUS.NO_TOKEN);
    const bad = await apiRaw(server, CALLS.studioAnalytics, {
      token: work.creatorToken,
      query: { id: work.workId, range: '1y' },
    });
    expect(bad.status).not.toBe(200);
    expect(bad.desc).toMatch(/range/);
  });
});

describe('the analytics CSV', () => {
  const csv = (token: string, query: Record<string, string>) =>
    fetch(server.url(STUDIO_ANALYTICS_CSV_PATH, { df_id: 'v_testdevice', ...query }), {
      headers: { authorization: token },
    });

  it('is a file download of the same figures', async () => {
    const work = await publishedWork();
    await play(work.gameId, [0]);
    await play(work.gameId, [1, 0]);
    const res = await csv(work.creatorToken, { id: String(work.workId), range: '30d' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="work-${work.workId}-analytics-30d.csv"`,
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('section,chapter,title,knot,choice,value,share');
    expect(lines).toContain('starts,1,One,,,2,');
    expect(lines).toContain('completions,1,One,,,1,');
    expect(lines).toContain('drop_off,1,One,deck,,1,');
    expect(lines).toContain('choice,1,One,harbour,Walk away,1,0.5000');
  });

  it('answers in the envelope when the figures may not be read', async () => {
    const work = await publishedWork();
    const stranger = await buildSession(db(), { now: () => server.clock.now });
    const res = await csv(stranger.token, { id: String(work.workId), lang: 'zh_CN' });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toMatchObject({
      status: STATUS.STUDIO_WORK_NOT_FOUND,
      desc: statusMessage(STATUS.STUDIO_WORK_NOT_FOUND, 'zh_CN'),
    });
  });
});
