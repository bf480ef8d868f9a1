import { CALLS } from '@taleforge/contracts';
import { SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Follows and blocks through the real HTTP layer: the state asked for, never a toggle; blocks end
// follows both ways and keep the blocked one out; bad input changes nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const follow = (token: string, taleforgeId: string, wanted = true, lang?: string) =>
  api(server, CALLS.follow, {
    token,
    body: { taleforge_id: taleforgeId, follow: wanted },
    ...(lang ? { lang } : {}),
  });
const block = (token: string, taleforgeId: string, wanted = true) =>
  api(server, CALLS.block, { token, body: { taleforge_id: taleforgeId, block: wanted } });
const relation = (taleforgeId: string, token?: string) =>
  api(server, CALLS.relation, {
    query: { taleforge_id: taleforgeId },
    ...(token ? { token } : {}),
  });
const followList = (
  taleforgeId: string,
  list: 'followers' | 'following',
  options: { cursor?: string; token?: string } = {},
) =>
  api(server, CALLS.followList, {
    query: {
      taleforge_id: taleforgeId,
      list,
      ...(options.cursor ? { cursor: options.cursor } : {}),
    },
    ...(options.token ? { token: options.token } : {}),
  });
const profileOf = (taleforgeId: string) =>
  api(server, CALLS.profile, { query: { taleforge_id: taleforgeId } });

describe('following', () => {
  it('is the state asked for: following twice is one follow, unfollowing twice is none', async () => {
    const fan = await signedIn(server);
    const star = await signedIn(server);
    for (let i = 0; i < 2; i++) {
      const res = await follow(fan.token, star.user.publicId);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ is_following: true, follower_count: 1 });
    }
    expect((await relation(star.user.publicId, fan.token)).data).toEqual({
      is_following: true,
      follows_you: false,
      is_blocked: false,
      blocks_you: false,
    });
    expect((await relation(fan.user.publicId, star.token)).data!.follows_you).toBe(true);
    expect((await profileOf(star.user.publicId)).data).toMatchObject({
      follower_count: 1,
      following_count: 0,
    });
    expect((await profileOf(fan.user.publicId)).data).toMatchObject({
      follower_count: 0,
      following_count: 1,
    });
    for (let i = 0; i < 2; i++) {
      const res = await follow(fan.token, star.user.publicId, false);
      expect(res.data).toEqual({ is_following: false, follower_count: 0 });
    }
    expect((await profileOf(fan.user.publicId)).data!.following_count).toBe(0);
  });

  it('refuses yourself, unknown players and visitors, in the request language', async () => {
    const me = await signedIn(server);
    const visitorTarget = await signedIn(server, 'DF_ID');
    const before = await databaseFingerprint(server.database.db);
    const self = await follow(me.token, me.user.publicId);
    expect(self.status).toBe(6202);
    expect(self.desc).toBe('You cannot follow yourself');
    const unknown = await follow(me.token, 'tfNobodyHasThis');
    expect(unknown.status).toBe(6201);
    expect(unknown.desc).toBe('Follow failed, please try again later');
    expect((await follow(me.token, 'tfNobodyHasThis', true, 'zh_CN')).desc).toBe(
      '关注失败，请稍后再试',
    );
    expect((await follow(me.token, me.user.publicId, true, 'ja_JP')).desc).toBe(
      '自分をフォローすることはできません',
    );
    expect((await follow(me.token, visitorTarget.user.publicId)).status).toBe(6201);
    expect((await relation('tfNobodyHasThis', me.token)).status).toBe(6101);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('asks a visitor to sign in before following or blocking, and lets them read', async () => {
    const visitor = await signedIn(server, 'DF_ID');
    const star = await signedIn(server);
    const fan = await signedIn(server);
    await follow(fan.token, star.user.publicId);
    const res = await follow(visitor.token, star.user.publicId);
    expect(res.status).toBe(6102);
    expect(res.desc).toBe('Please login to access more features');
    expect((await block(visitor.token, star.user.publicId)).status).toBe(6102);
    const noToken = await apiRaw(server, CALLS.follow, {
      body: { taleforge_id: star.user.publicId, follow: true },
    });
    expect(noToken.status).toBe(1005);
    const seen = await followList(star.user.publicId, 'followers', { token: visitor.token });
    expect(seen.data!.list.map((u) => u.taleforge_id)).toEqual([fan.user.publicId]);
    expect((await relation(star.user.publicId, visitor.token)).data!.is_following).toBe(false);
    expect((await profileOf(star.user.publicId)).data!.follower_count).toBe(1);
  });

  it('refuses bad ids and bodies with 1001, changing nothing', async () => {
    const me = await signedIn(server);
    const other = await signedIn(server);
    const before = await databaseFingerprint(server.database.db);
    for (const body of [
      { taleforge_id: '../etc/passwd', follow: true },
      { taleforge_id: other.user.publicId, follow: 'yes' },
      { taleforge_id: other.user.publicId },
      { taleforge_id: other.user.publicId, follow: true, extra: 1 },
      { taleforge_id: '', follow: true },
    ]) {
      const res = await apiRaw(server, CALLS.follow, { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(1001);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});

describe('follow lists', () => {
  it('pages followers newest first by cursor, and marks whom the viewer follows', async () => {
    const star = await signedIn(server);
    const viewer = await signedIn(server);
    const fans = [];
    const total = SOCIAL_LIMITS.pageSize + 3;
    for (let i = 0; i < total; i++) {
      const fan = await signedIn(server);
      server.clock.advance(1000);
      expect((await follow(fan.token, star.user.publicId)).status).toBe(200);
      fans.push(fan.user.publicId);
    }
    await follow(viewer.token, fans[total - 1]!);
    const first = await followList(star.user.publicId, 'followers', { token: viewer.token });
    expect(first.data!.list).toHaveLength(SOCIAL_LIMITS.pageSize);
    expect(first.data!.list[0]).toMatchObject({
      taleforge_id: fans[total - 1],
      is_following: true,
    });
    expect(first.data!.list[1]!.is_following).toBe(false);
    expect(first.data!.next_cursor).not.toBeNull();
    const second = await followList(star.user.publicId, 'followers', {
      cursor: first.data!.next_cursor!,
    });
    expect(second.data!.next_cursor).toBeNull();
    const seen = [...first.data!.list, ...second.data!.list].map((u) => u.taleforge_id);
    expect(seen).toEqual([...fans].reverse());
    const following = await followList(fans[0]!, 'following');
    expect(following.data!.list.map((u) => u.taleforge_id)).toEqual([star.user.publicId]);
  });

  it('refuses a cursor that is not one it gave, or one from the other list, with 1001', async () => {
    const star = await signedIn(server);
    for (let i = 0; i < SOCIAL_LIMITS.pageSize + 1; i++) {
      const fan = await signedIn(server);
      await follow(fan.token, star.user.publicId);
    }
    const first = await followList(star.user.publicId, 'followers');
    const cursor = first.data!.next_cursor!;
    for (const bad of [
      'abc',
      `${cursor}.1`,
      cursor.replace(/^fr/, 'fg'),
      // the same list, one id further on: only the check characters tell it from a real one
      cursor.replace(
        /\.(\d+)\.([\w-]+)$/,
        (_, id: string, check: string) => `.${Number(id) + 1}.${check}`,
      ),
      'fr.1.x',
      'fr.99999999999999999.1',
    ]) {
      const res = await apiRaw(server, CALLS.followList, {
        query: { taleforge_id: star.user.publicId, list: 'followers', cursor: bad },
        lang: 'ja_JP',
      });
      expect(res.status, bad).toBe(1001);
      expect(res.desc.startsWith('パラメータが正しくありません'), res.desc).toBe(true);
    }
    const unknown = await followList('tfNobodyHasThis', 'followers');
    expect(unknown.status).toBe(6101);
  });
});

describe('blocking', () => {
  it('ends follows both ways, keeps the blocked one from following, and lifts cleanly', async () => {
    const me = await signedIn(server);
    const pest = await signedIn(server);
    await follow(me.token, pest.user.publicId);
    await follow(pest.token, me.user.publicId);
    const res = await block(me.token, pest.user.publicId);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      is_following: false,
      follows_you: false,
      is_blocked: true,
      blocks_you: false,
    });
    // The blocked one's page can say so before they try (each try would answer 6203 anyway).
    expect((await relation(me.user.publicId, pest.token)).data).toEqual({
      is_following: false,
      follows_you: false,
      is_blocked: false,
      blocks_you: true,
    });
    expect((await profileOf(me.user.publicId)).data).toMatchObject({
      follower_count: 0,
      following_count: 0,
    });
    const refused = await follow(pest.token, me.user.publicId, true, 'zh_CN');
    expect(refused.status).toBe(6203);
    expect(refused.desc).toBe('对方不接受你的这项操作');
    expect((await profileOf(me.user.publicId)).data!.follower_count).toBe(0);

    const lifted = await block(me.token, pest.user.publicId, false);
    expect(lifted.data!.is_blocked).toBe(false);
    expect((await relation(me.user.publicId, pest.token)).data!.blocks_you).toBe(false);
    expect((await follow(pest.token, me.user.publicId)).status).toBe(200);
  });

  it('refuses blocking yourself or nobody; following someone you blocked lifts your block', async () => {
    const me = await signedIn(server);
    const other = await signedIn(server);
    const self = await block(me.token, me.user.publicId);
    expect(self.status).toBe(6209);
    expect(self.desc).toBe('You cannot block yourself');
    expect((await block(me.token, 'tfNobodyHasThis')).status).toBe(6101);
    await block(me.token, other.user.publicId);
    const res = await follow(me.token, other.user.publicId);
    expect(res.data).toEqual({ is_following: true, follower_count: 1 });
    expect((await relation(other.user.publicId, me.token)).data).toEqual({
      is_following: true,
      follows_you: false,
      is_blocked: false,
      blocks_you: false,
    });
  });
});
