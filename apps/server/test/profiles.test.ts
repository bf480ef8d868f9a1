import { CALLS } from '@taleforge/contracts';
import type { ProfileTab } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, profiles, users } from '../src/platform/db/schema/index.js';
import { buildGame } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

// Profiles through the real HTTP layer: anyone reads one, only its signed-in owner changes it,
// and bad input changes nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const profileOf = (taleforgeId: string, token?: string) =>
  api(server, CALLS.profile, { query: { taleforge_id: taleforgeId }, ...(token ? { token } : {}) });

const worksOf = (
  taleforgeId: string,
  list: 'works' | 'played' | 'liked',
  options: {
    tab?: 'all' | 'mystery' | 'romance' | 'history' | 'business' | 'sci-fi';
    token?: string;
  } = {},
) =>
  api(server, CALLS.profileWorks, {
    query: { taleforge_id: taleforgeId, list, ...(options.tab ? { tab: options.tab } : {}) },
    ...(options.token ? { token: options.token } : {}),
  });

describe('reading a profile', () => {
  it('is public: face, bio, counts (no follows yet), likes summed over works', async () => {
    const { user } = await signedIn(server);
    await buildGame(server.database.db, { creatorId: user.id, likeCount: 1200 });
    await buildGame(server.database.db, { creatorId: user.id, likeCount: 34 });
    await buildGame(server.database.db, { creatorId: user.id, likeCount: 999, publishedAt: null });
    const res = await profileOf(user.publicId);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      taleforge_id: user.publicId,
      nick_name: user.nickName,
      avatar: null,
      bio: '',
      follower_count: 0,
      following_count: 0,
      like_count: 1234,
      is_visitor: false,
      hidden: { works: false, played: false, liked: false },
    });
  });

  it('answers "Failed to load user profile" for an id nobody has, and 1001 for a malformed one', async () => {
    const res = await profileOf('tfNobodyHasThis');
    expect(res.status).toBe(6101);
    expect(res.desc).toBe('Failed to load user profile');
    const zh = await api(server, CALLS.profile, {
      query: { taleforge_id: 'tfNobody' },
      lang: 'zh_CN',
    });
    expect(zh.desc).toBe('加载用户资料失败');
    const bad = await apiRaw(server, CALLS.profile, { query: { taleforge_id: '../etc/passwd' } });
    expect(bad.status).toBe(1001);
  });

  it('lists works by tab: each tab gathers its script types, "all" has them all', async () => {
    const { user } = await signedIn(server);
    const db = server.database.db;
    const mystery = await buildGame(db, { creatorId: user.id, scriptType: 'SUSPENSE' });
    const romance = await buildGame(db, { creatorId: user.id, scriptType: 'DREAMS' });
    const scifi = await buildGame(db, { creatorId: user.id, scriptType: 'FUTURE' });
    const ids = async (tab?: ProfileTab) =>
      (await worksOf(user.publicId, 'works', { tab })).data!.list.map((g) => g.id).sort();
    expect(await ids()).toEqual([mystery.id, romance.id, scifi.id].sort());
    expect(await ids('mystery')).toEqual([mystery.id]);
    expect(await ids('romance')).toEqual([romance.id]);
    expect(await ids('sci-fi')).toEqual([scifi.id]);
    expect(await ids('history')).toEqual([]);
    const all = await worksOf(user.publicId, 'works');
    expect(all.data!.total).toBe(3);
    expect(all.data!.hidden).toBe(false);
    expect(all.data!.list[0]!.creator.taleforge_id).toBe(user.publicId);
  });

  it('lists the games a player played, most recent first; liked is empty with nothing liked', async () => {
    const { user, token } = await signedIn(server);
    const { gameId } = await buildStoryGame(server.database.db);
    const start = await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'start', game_id: gameId },
    });
    expect(start.status).toBe(200);
    const played = await worksOf(user.publicId, 'played');
    expect(played.data!.list.map((g) => g.id)).toEqual([gameId]);
    const liked = await worksOf(user.publicId, 'liked');
    expect(liked.data).toMatchObject({ list: [], total: 0, hidden: false });
  });

  it('hides a list from others when its owner says so; the owner still sees it, marked hidden', async () => {
    const owner = await signedIn(server);
    const other = await signedIn(server);
    await buildGame(server.database.db, { creatorId: owner.user.id });
    const hide = await api(server, CALLS.profileUpdate, {
      token: owner.token,
      body: { hide_works: true },
    });
    expect(hide.status).toBe(200);
    expect(hide.data!.hidden).toEqual({ works: true, played: false, liked: false });

    for (const viewer of [undefined, other.token]) {
      const seen = await worksOf(owner.user.publicId, 'works', { token: viewer });
      expect(seen.data).toMatchObject({ list: [], total: 0, hidden: true });
    }
    const own = await worksOf(owner.user.publicId, 'works', { token: owner.token });
    expect(own.data!.total).toBe(1);
    expect(own.data!.hidden).toBe(true);
  });
});

describe('changing the nickname', () => {
  it('takes 2 to 30 characters, trimmed, and answers the user info the header keeps', async () => {
    const { user, token } = await signedIn(server);
    const res = await api(server, CALLS.nicknameUpdate, {
      token,
      body: { nick_name: '  星之旅人  ' },
    });
    expect(res.status).toBe(200);
    expect(res.data!.nick_name).toBe('星之旅人');
    const info = await api(server, CALLS.userInfo, { token });
    expect(info.data!.nick_name).toBe('星之旅人');
    expect((await profileOf(user.publicId)).data!.nick_name).toBe('星之旅人');
    const two = await api(server, CALLS.nicknameUpdate, { token, body: { nick_name: 'Al' } });
    expect(two.data!.nick_name).toBe('Al');
    const thirty = 'x'.repeat(30);
    expect(
      (await api(server, CALLS.nicknameUpdate, { token, body: { nick_name: thirty } })).status,
    ).toBe(200);
  });

  it.each([
    ['one character', 'A', 1001],
    ['31 characters', 'x'.repeat(31), 1001],
    ['only spaces', '     ', 1001],
    ['a term the chat refuses', 'kill yourself', 6103],
    ['a card number', '4111 1111 1111 1111', 6103],
    // The text policy (decision 50): a name that hides or reorders what it shows, or passes
    // for staff.
    ['a right-to-left override', 'Adm\u202enimda', 1008],
    ['isolates', '\u2066Wren\u2069', 1008],
    ['a zero-width space inside', 'Tale\u200bforge', 1008],
    ['Hangul fillers only', '\u3164\u3164\u3164', 1008],
    ['full-width admin', 'ａｄｍｉｎ', 1009],
    ['Cyrillic а in admin', '\u0430dmin', 1009],
    ['the demo studio', 'Taleforge Studio', 1009],
  ])('refuses %s and changes nothing', async (_what, nick, status) => {
    const { user, token } = await signedIn(server);
    const res = await api(server, CALLS.nicknameUpdate, { token, body: { nick_name: nick } });
    expect(res.status).toBe(status);
    expect(res.desc).not.toBe('');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.nickName).toBe(user.nickName);
  });

  it('words the text policy in the request language, as the sites do', async () => {
    const { token } = await signedIn(server);
    const hidden = await api(server, CALLS.nicknameUpdate, {
      token,
      lang: 'zh_CN',
      body: { nick_name: 'Adm\u202enimda' },
    });
    expect(hidden.desc).toBe('名称中不能包含不可见字符或改变文字方向的字符');
    const reserved = await api(server, CALLS.nicknameUpdate, {
      token,
      lang: 'ja_JP',
      body: { nick_name: 'Moderator' },
    });
    expect(reserved.desc).toBe('この名前は予約されています。別の名前を選んでください');
  });

  it('words a refused nickname in the request language', async () => {
    const { token } = await signedIn(server);
    const res = await api(server, CALLS.nicknameUpdate, {
      token,
      lang: 'ja_JP',
      body: { nick_name: 'kys' },
    });
    expect(res.status).toBe(6103);
    expect(res.desc).toBe('このニックネームは使用できません。別のものを選んでください');
  });

  it('needs a signed-in player: no token opens the login dialog, a visitor is asked to sign in', async () => {
    const noToken = await api(server, CALLS.nicknameUpdate, { body: { nick_name: 'Wren' } });
    expect(noToken.status).toBe(1005);
    const visitor = await signedIn(server, 'DF_ID');
    const res = await api(server, CALLS.nicknameUpdate, {
      token: visitor.token,
      body: { nick_name: 'Wren' },
    });
    expect(res.status).toBe(6102);
    expect(res.desc).toBe('Please login to access more features');
    const profile = await profileOf(visitor.user.publicId);
    expect(profile.data).toMatchObject({ nick_name: null, is_visitor: true });
  });
});

describe('changing the bio and list visibility', () => {
  it('keeps a bio up to 160 characters and refuses moderated or longer ones unchanged', async () => {
    const { user, token } = await signedIn(server);
    const ok = await api(server, CALLS.profileUpdate, {
      token,
      body: { bio: ' I write ghost stories. ' },
    });
    expect(ok.data!.bio).toBe('I write ghost stories.');
    const long = await api(server, CALLS.profileUpdate, { token, body: { bio: 'b'.repeat(161) } });
    expect(long.status).toBe(1001);
    const blocked = await api(server, CALLS.profileUpdate, {
      token,
      body: { bio: 'go kill yourself' },
    });
    expect(blocked.status).toBe(6104);
    const [row] = await server.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    expect(row!.bio).toBe('I write ghost stories.');
    const unknown = await apiRaw(server, CALLS.profileUpdate, { token, body: { role: 'admin' } });
    expect(unknown.status).toBe(1001);
  });

  it('stores a bio without the characters nobody sees; one made only of them is empty', async () => {
    const { user, token } = await signedIn(server);
    const res = await api(server, CALLS.profileUpdate, {
      token,
      body: { bio: ' I write\u202e ghost\u00ad stories\u200b.\ufeff ' },
    });
    expect(res.status).toBe(200);
    expect(res.data!.bio).toBe('I write ghost stories.');
    const blank = await api(server, CALLS.profileUpdate, { token, body: { bio: '\u200b \u2066' } });
    expect(blank.data!.bio).toBe('');
    const [row] = await server.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    expect(row!.bio).toBe('');
  });

  it('changes only the fields sent', async () => {
    const { user, token } = await signedIn(server);
    await api(server, CALLS.profileUpdate, { token, body: { bio: 'Hi', hide_played: true } });
    const res = await api(server, CALLS.profileUpdate, { token, body: { hide_liked: true } });
    expect(res.data).toMatchObject({
      bio: 'Hi',
      hidden: { works: false, played: true, liked: true },
    });
    expect((await profileOf(user.publicId)).data!.hidden.played).toBe(true);
    // Games by others are untouched by any of this.
    expect(
      await server.database.db.select().from(games).where(eq(games.creatorId, user.id)),
    ).toEqual([]);
  });
});
