import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentReports, comments, notifications, users } from '../src/platform/db/schema/index.js';
import { commentCalls } from './support/comments.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { api, apiRaw } from './support/http.js';
import { editedCursor, moderationCalls } from './support/moderation.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The moderators' queue of reported comments through the real HTTP layer (decision 46): only
// admins see it, it orders and pages, Remove takes a comment down with exact counts, Dismiss
// keeps it, and a later report opens it again.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
let mod: ReturnType<typeof moderationCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
  mod = moderationCalls(server);
});
afterAll(() => server.close());

const openReports = async (commentId: number) => {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.handledAt)));
  return row!.n;
};

describe('who may moderate', () => {
  it('a player, a visitor and a former admin are refused with 6601, and nothing changes', async () => {
    const { game } = await calls.work();
    const [ann, ben] = [await signedIn(server), await signedIn(server)];
    const c = await calls.post(ann, game.id, 'Reported words');
    await mod.report(ben, c.data!.id);
    const former = await mod.admin();
    await server.database.db
      .update(users)
      .set({ role: 'user' })
      .where(eq(users.id, former.user.id));
    const visitor = await signedIn(server, 'DF_ID');
    const before = await databaseFingerprint(server.database.db);
    for (const who of [ann, visitor, former]) {
      const list = await mod.queue(who, undefined, 'zh_CN');
      expect(list.status).toBe(6601);
      expect(list.desc).toBe('只有管理员可以查看举报。请使用管理员账号登录');
      for (const action of ['remove', 'dismiss'] as const) {
        expect((await mod.resolve(who, c.data!.id, action)).status).toBe(6601);
      }
    }
    const anonymous = await apiRaw(server, CALLS.moderationComments, { query: {} });
    expect(anonymous.status).toBe(STATUS.NO_TOKEN);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    expect(await openReports(c.data!.id)).toBe(1);
  });
});

describe('the queue', () => {
  it('shows most reported first, then the longest waiting, with text, author, work and reasons', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, r1, r2, r3] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const older = await calls.post(author, game.id, 'Older, one report');
    const newer = await calls.post(author, game.id, 'Newer, one report');
    const most = await calls.post(author, game.id, 'Three reports');
    await mod.report(r1, older.data!.id, 'spam');
    await mod.report(r1, newer.data!.id, 'spam');
    await mod.report(r1, most.data!.id, 'abuse');
    await mod.report(r2, most.data!.id, 'abuse');
    await mod.report(r3, most.data!.id, 'spoiler');
    const mine = new Set([older.data!.id, newer.data!.id, most.data!.id]);
    const items = (await mod.wholeQueue(admin)).filter((i) => mine.has(i.comment_id));
    expect(items.map((i) => i.body)).toEqual([
      'Three reports',
      'Older, one report',
      'Newer, one report',
    ]);
    expect(items[0]).toMatchObject({
      author: { taleforge_id: author.user.publicId, nick_name: author.user.nickName },
      game: { id: game.id, title: game.title.en_US },
      report_count: 3,
      parent_id: null,
    });
    expect(items[0]!.reasons.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: 'abuse', count: 2 },
      { reason: 'spoiler', count: 1 },
    ]);
    expect(Date.parse(items[0]!.last_reported_at)).toBeGreaterThanOrEqual(
      Date.parse(items[0]!.first_reported_at),
    );
  });

  it('pages with cursors, without gaps or repeats; an edited cursor is 1001', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, reporter] = [await signedIn(server), await signedIn(server)];
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const c = await calls.post(author, game.id, `Paged ${i}`);
      await mod.report(reporter, c.data!.id, 'spam');
      ids.push(c.data!.id);
    }
    const first = await mod.queue(admin);
    expect(first.data!.list).toHaveLength(20);
    expect(first.data!.next_cursor).not.toBeNull();
    const all = await mod.wholeQueue(admin);
    expect(new Set(all.map((i) => i.comment_id)).size).toBe(all.length);
    expect(all.map((i) => i.comment_id).filter((id) => ids.includes(id))).toEqual(ids);
    const bad = await mod.queue(admin, editedCursor(first.data!.next_cursor!));
    expect(bad.status).toBe(1001);
  });
});

describe('remove and dismiss', () => {
  it('Remove takes a top comment and its replies down, counts exact, the author not told', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, other, reporter] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const top = await calls.post(author, game.id, 'Offensive top comment');
    await calls.post(other, game.id, 'A reply', top.data!.id);
    await calls.post(other, game.id, 'Another reply', top.data!.id);
    const kept = await calls.post(other, game.id, 'A fine comment');
    await mod.report(reporter, top.data!.id);
    expect(await calls.storedCount(game.id)).toBe(4);
    const told = () =>
      server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, author.user.id));
    const toldBefore = await told();

    const res = await mod.resolve(admin, top.data!.id, 'remove');
    expect(res.data).toEqual({ comment_id: top.data!.id, outcome: 'removed', closed_reports: 1 });
    expect(await calls.storedCount(game.id)).toBe(1);
    const page = await calls.list(game.id);
    expect(page.data!.list.map((c) => c.id)).toEqual([kept.data!.id]);
    expect(page.data!.comment_count).toBe(1);
    const [row] = await server.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, top.data!.id));
    expect(row!.deletedBy).toBe(admin.user.id);
    expect(await told()).toEqual(toldBefore);
    const queue = await mod.wholeQueue(admin);
    expect(queue.some((i) => i.comment_id === top.data!.id)).toBe(false);
    const [report] = await server.database.db
      .select()
      .from(commentReports)
      .where(eq(commentReports.commentId, top.data!.id));
    expect(report).toMatchObject({ outcome: 'removed', handledBy: admin.user.id });
    expect((await mod.report(reporter, top.data!.id)).status).toBe(6207);
  });

  it('Remove on a reply moves its top comment reply_count and the work count by one', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, reporter] = [await signedIn(server), await signedIn(server)];
    const top = await calls.post(author, game.id, 'Top');
    const reply = await calls.post(author, game.id, 'Bad reply', top.data!.id);
    await mod.report(reporter, reply.data!.id);
    const item = (await mod.wholeQueue(admin)).find((i) => i.comment_id === reply.data!.id);
    expect(item?.parent_id).toBe(top.data!.id);
    expect((await mod.resolve(admin, reply.data!.id, 'remove')).status).toBe(200);
    expect(await calls.storedCount(game.id)).toBe(1);
    expect((await calls.list(game.id)).data!.list[0]!.reply_count).toBe(0);
  });

  it('Dismiss keeps the comment; a new report, even by the same player, opens the item again', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, r1, r2] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const c = await calls.post(author, game.id, 'Borderline words');
    await mod.report(r1, c.data!.id, 'spam');
    await mod.report(r2, c.data!.id, 'abuse');
    const res = await mod.resolve(admin, c.data!.id, 'dismiss', 'ja_JP');
    expect(res.data).toEqual({ comment_id: c.data!.id, outcome: 'dismissed', closed_reports: 2 });
    expect(await calls.storedCount(game.id)).toBe(1);
    expect((await calls.list(game.id)).data!.list.map((x) => x.id)).toEqual([c.data!.id]);
    expect((await mod.wholeQueue(admin)).some((i) => i.comment_id === c.data!.id)).toBe(false);
    const again = await mod.resolve(admin, c.data!.id, 'remove', 'ja_JP');
    expect(again.status).toBe(6602);
    expect(again.desc).toBe('この通報はほかのモデレーターが対応済みです');
    expect(await calls.storedCount(game.id)).toBe(1);

    await mod.report(r1, c.data!.id, 'spoiler');
    const back = (await mod.wholeQueue(admin)).find((i) => i.comment_id === c.data!.id);
    expect(back).toMatchObject({ report_count: 1, reasons: [{ reason: 'spoiler', count: 1 }] });
    expect(await openReports(c.data!.id)).toBe(1);
  });

  it('an unknown comment, or one its author deleted, is 6603 and changes nothing', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, reporter] = [await signedIn(server), await signedIn(server)];
    const c = await calls.post(author, game.id, 'Soon gone');
    await mod.report(reporter, c.data!.id);
    await calls.remove(author, c.data!.id);
    expect((await mod.wholeQueue(admin)).some((i) => i.comment_id === c.data!.id)).toBe(false);
    const before = await databaseFingerprint(server.database.db);
    expect((await mod.resolve(admin, c.data!.id, 'remove')).status).toBe(6603);
    expect((await mod.resolve(admin, 987_654_321, 'dismiss')).status).toBe(6603);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    const bad = await apiRaw(server, CALLS.moderationCommentResolve, {
      token: admin.token,
      body: { comment_id: c.data!.id, action: 'ban' },
    });
    expect(bad.status).toBe(1001);
    expect(
      (await api(server, CALLS.commentList, { query: { game_id: game.id } })).data!.comment_count,
    ).toBe(0);
  });
});
