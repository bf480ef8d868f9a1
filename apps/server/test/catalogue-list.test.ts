import { CALLS, type GameCard } from '@taleforge/contracts';
import { GAME_LIST_SEARCH_MAX } from '@taleforge/contracts/game-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, gameSaves } from '../src/platform/db/schema/index.js';
import { buildGame, buildSession, buildUser } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// The browse page's list (docs/decisions/0030): filter, three orders, search in the player's
// language, cursor pages, and bad input refused with a message in that language.

let server: TestServer;
let token: string;
const db = () => server.database.db;
const day = 86_400_000;
const base = Date.UTC(2026, 10, 1);
const ids: Record<string, number> = {};

/** A game with one chapter; `finished` of its `players` finished that chapter. */
async function game(
  name: string,
  options: {
    title: { en_US: string; zh_CN: string; ja_JP: string };
    scriptType: string;
    tags?: string[];
    daysOld: number;
    plays: number;
    players?: number;
    finished?: number;
  },
) {
  const row = await buildGame(db(), {
    title: options.title,
    scriptType: options.scriptType,
    tags: options.tags ?? [],
    publishedAt: new Date(base - options.daysOld * day),
    playCount: options.plays,
  });
  ids[name] = row.id;
  const [chapter] = await db()
    .insert(chapters)
    .values({ gameId: row.id, position: 1, title: { en_US: 'One' } })
    .returning();
  for (let i = 0; i < (options.players ?? 0); i++) {
    const player = await buildUser(db());
    await db()
      .insert(gameSaves)
      .values({
        userId: player.id,
        gameId: row.id,
        chapterId: chapter!.id,
        storyVersion: 1,
        inkState: '{}',
        state: {} as never,
        view: {} as never,
        completedChapters: i < (options.finished ?? 0) ? [chapter!.id] : [],
      });
  }
}

const list = (query: Record<string, string | number> = {}, lang = 'en_US') =>
  api(server, CALLS.gameList, { token, lang, query: query as never });
const titles = (cards: GameCard[] | undefined) => (cards ?? []).map((card) => card.title);

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await buildSession(db()));
  await game('cafe', {
    title: {
      en_US: 'Second Chance Café',
      zh_CN: '第二次机会咖啡馆',
      ja_JP: 'セカンドチャンス・カフェ',
    },
    scriptType: 'ROMANCE',
    tags: ['romance', 'café'],
    daysOld: 1,
    plays: 40,
    players: 10,
    finished: 2,
  });
  await game('ledger', {
    title: { en_US: 'The Lantern Ledger', zh_CN: '灯笼账簿', ja_JP: 'ランタン台帳' },
    scriptType: 'SUSPENSE',
    tags: ['mystery', 'noir'],
    daysOld: 5,
    plays: 90,
    players: 10,
    finished: 9,
  });
  await game('kepler', {
    title: {
      en_US: 'Signal from Kepler Dock',
      zh_CN: '开普勒码头的信号',
      ja_JP: 'ケプラー埠頭からの信号',
    },
    scriptType: 'FUTURE',
    tags: ['sci-fi', 'AI'],
    daysOld: 3,
    plays: 10,
  });
  await game('ember', {
    title: { en_US: 'Ember Academy', zh_CN: '余烬学院', ja_JP: 'エンバー学園' },
    scriptType: 'MAGIC',
    tags: ['school', 'magic'],
    daysOld: 10,
    plays: 60,
    players: 1,
    finished: 1,
  });
  // Not published: never listed, never counted.
  await buildGame(db(), { scriptType: 'ROMANCE', publishedAt: null, playCount: 999 });
});
afterAll(() => server.close());

describe('game list: filter and order', () => {
  it('lists every published game, most played first by default', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(titles(res.data?.list)).toEqual([
      'The Lantern Ledger',
      'Ember Academy',
      'Second Chance Café',
      'Signal from Kepler Dock',
    ]);
    expect(res.data).toMatchObject({ total: 4, next_cursor: null });
  });

  it('orders by newest and by rating (smoothed finish rate)', async () => {
    expect(titles((await list({ sort: 'new' })).data?.list)).toEqual([
      'Second Chance Café',
      'Signal from Kepler Dock',
      'The Lantern Ledger',
      'Ember Academy',
    ]);
    // Ledger 9 of 10 finished: (9+5)/(10+10) = 0.70; Ember 1 of 1: 6/11 = 0.545, above a game
    // nobody tried (0.5), which is above Café's 2 of 10: 7/20 = 0.35.
    expect(titles((await list({ sort: 'rating' })).data?.list)).toEqual([
      'The Lantern Ledger',
      'Ember Academy',
      'Signal from Kepler Dock',
      'Second Chance Café',
    ]);
  });

  it('filters by script type, and an empty genre is an empty page', async () => {
    const magic = await list({ script_type: 'MAGIC' });
    expect(titles(magic.data?.list)).toEqual(['Ember Academy']);
    expect(magic.data?.total).toBe(1);
    expect(await list({ script_type: 'COMEDY' })).toMatchObject({
      status: 200,
      data: { list: [], total: 0, next_cursor: null },
    });
  });
});

describe('game list: search in the player language', () => {
  it('matches titles and tags whatever the case or width', async () => {
    expect(titles((await list({ q: 'lantern' })).data?.list)).toEqual(['The Lantern Ledger']);
    expect(titles((await list({ q: '  KEPLER  ' })).data?.list)).toEqual([
      'Signal from Kepler Dock',
    ]);
    // Full-width letters fold to their usual form.
    expect(titles((await list({ q: 'ＮＯＩＲ' })).data?.list)).toEqual(['The Lantern Ledger']);
    expect(titles((await list({ q: 'café' })).data?.list)).toEqual(['Second Chance Café']);
    expect((await list({ q: 'zebra' })).data).toEqual({ list: [], next_cursor: null, total: 0 });
  });

  it('searches Chinese titles and tags in Chinese', async () => {
    const byTitle = await list({ q: '学院' }, 'zh_CN');
    expect(titles(byTitle.data?.list)).toEqual(['余烬学院']);
    const byTag = await list({ q: '科幻' }, 'zh_CN');
    expect(titles(byTag.data?.list)).toEqual(['开普勒码头的信号']);
    expect(byTag.data?.list[0]?.tags).toEqual(['科幻', '人工智能']);
    // The English title is not what a Chinese reader sees, so it does not match.
    expect((await list({ q: 'Ember' }, 'zh_CN')).data?.total).toBe(0);
  });

  it('searches Japanese, half-width katakana included, within a genre', async () => {
    expect(titles((await list({ q: 'ｶﾌｪ' }, 'ja_JP')).data?.list)).toEqual([
      'セカンドチャンス・カフェ',
    ]);
    expect(titles((await list({ q: 'ミステリー' }, 'ja_JP')).data?.list)).toEqual(['ランタン台帳']);
    expect((await list({ q: 'ミステリー', script_type: 'MAGIC' }, 'ja_JP')).data?.total).toBe(0);
  });
});

describe('game list: pages', () => {
  for (const sort of ['popular', 'new', 'rating'] as const) {
    it(`walks every game once, a page at a time, sorted by ${sort}`, async () => {
      const whole = titles((await list({ sort })).data?.list);
      const seen: string[] = [];
      let cursor: string | null | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const res = await list({ sort, page_size: 3, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.data!.total).toBe(4);
        seen.push(...titles(res.data!.list));
        cursor = res.data!.next_cursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(whole);
    });
  }

  it('has no next page when the last page is exactly full', async () => {
    const first = await list({ page_size: 2 });
    const second = await list({ page_size: 2, cursor: first.data!.next_cursor! });
    expect(second.data!.list).toHaveLength(2);
    expect(second.data!.next_cursor).toBeNull();
    expect((await list({ page_size: 4 })).data!.next_cursor).toBeNull();
  });
});

describe('game list: refused input changes nothing and says why', () => {
  const refused = async (query: Record<string, string>, lang: string) => {
    const res = await apiRaw(server, CALLS.gameList, { token, lang, query });
    expect(res.status).toBe(1001);
    return res.desc;
  };

  it('refuses an unknown script type, in the request language', async () => {
    expect(await refused({ script_type: 'WESTERN' }, 'en_US')).toMatch(/script_type: /);
    expect(await refused({ script_type: 'suspense' }, 'zh_CN')).toMatch(
      /script_type: .*[\u4e00-\u9fff]/,
    );
    expect(await refused({ sort: 'loudest' }, 'ja_JP')).toMatch(
      /sort: .*[\u3040-\u30ff\u4e00-\u9fff]/,
    );
  });

  it('refuses an over-long search but accepts one at the limit', async () => {
    expect(await refused({ q: 'a'.repeat(GAME_LIST_SEARCH_MAX + 1) }, 'en_US')).toMatch(
      new RegExp(`q: .*${GAME_LIST_SEARCH_MAX}`),
    );
    expect(await refused({ q: '魔'.repeat(GAME_LIST_SEARCH_MAX + 1) }, 'ja_JP')).toMatch(/q: /);
    expect((await list({ q: '魔'.repeat(GAME_LIST_SEARCH_MAX) })).status).toBe(200);
  });

  it('refuses a cursor that was edited, made up, or made for another order', async () => {
    const cursor = (await list({ page_size: 1 })).data!.next_cursor!;
    expect(await refused({ cursor: `${cursor}x` }, 'en_US')).toBe(
      'Invalid parameters: cursor: Invalid input',
    );
    expect(await refused({ cursor: 'not a cursor' }, 'zh_CN')).toMatch(/cursor: /);
    expect(await refused({ cursor: 'popular_1_-5' }, 'en_US')).toMatch(/cursor: /);
    expect(await refused({ cursor, sort: 'new' }, 'en_US')).toMatch(/cursor: /);
    expect(await refused({ cursor: 'popular_1_99999999999999999' }, 'en_US')).toMatch(/cursor: /);
    expect(await refused({ page_size: '0' }, 'en_US')).toMatch(/page_size: /);
  });

  it('needs a token, like every call under /api/auth/', async () => {
    expect((await api(server, CALLS.gameList)).status).toBe(1005);
  });
});
