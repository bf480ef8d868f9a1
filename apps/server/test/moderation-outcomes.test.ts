import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentReports } from '../src/platform/db/schema/index.js';
import { commentCalls } from './support/comments.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { moderationCalls } from './support/moderation.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// What a moderator's call answers when there is nothing to decide (decision 46): 6602 only when
// another moderator's decision is the reason, 6603 otherwise; and a removed thread's replies
// leave no report open behind it.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
let mod: ReturnType<typeof moderationCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
  mod = moderationCalls(server);
});
afterAll(() => server.close());

const reportsOf = (commentIds: number[]) =>
  server.database.db
    .select({
      commentId: commentReports.commentId,
      outcome: commentReports.outcome,
      handledBy: commentReports.handledBy,
    })
    .from(commentReports)
    .where(inArray(commentReports.commentId, commentIds))
    .orderBy(commentReports.commentId, commentReports.reporterId);

describe('nothing to decide', () => {
  it('a visible comment nobody reported is 6603 for both actions, in the language asked, and changes nothing', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const c = await calls.post(await signedIn(server), game.id, 'Never reported');
    const before = await databaseFingerprint(server.database.db);
    for (const action of ['remove', 'dismiss'] as const) {
      const res = await mod.resolve(admin, c.data!.id, action, 'zh_CN');
      expect(res.status).toBe(6603);
      expect(res.desc).not.toBe('');
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    expect((await calls.list(game.id)).data!.list.map((x) => x.id)).toEqual([c.data!.id]);
  });

  it('a comment its author deleted after a dismissal is 6603, not another moderator', async () => {
    const admin = await mod.admin();
    const { game } = await calls.work();
    const [author, reporter] = [await signedIn(server), await signedIn(server)];
    const c = await calls.post(author, game.id, 'Dismissed, then deleted');
    await mod.report(reporter, c.data!.id);
    expect((await mod.resolve(admin, c.data!.id, 'dismiss')).status).toBe(200);
    // Still visible: a second dismissal finds the first moderator's decision.
    expect((await mod.resolve(admin, c.data!.id, 'dismiss')).status).toBe(6602);
    expect((await calls.remove(author, c.data!.id)).status).toBe(200);
    const before = await databaseFingerprint(server.database.db);
    for (const action of ['remove', 'dismiss'] as const) {
      expect((await mod.resolve(admin, c.data!.id, action)).status).toBe(6603);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});

describe("a thread's replies", () => {
  it('a reply whose top comment its author deleted cannot be reported (6207), and nothing is stored', async () => {
    const { game } = await calls.work();
    const [author, other, reporter] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const top = await calls.post(author, game.id, 'Top, soon deleted');
    const reply = await calls.post(other, game.id, 'A reply under it', top.data!.id);
    expect((await calls.remove(author, top.data!.id)).status).toBe(200);
    const before = await databaseFingerprint(server.database.db);
    const res = await mod.report(reporter, reply.data!.id);
    expect(res.status).toBe(6207);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    expect(await reportsOf([reply.data!.id])).toEqual([]);
  });

  it("removing a top comment closes its replies' open reports as removed; a reply's item is then 6602", async () => {
    const [admin, second] = [await mod.admin(), await mod.admin()];
    const { game } = await calls.work();
    const [author, other, r1, r2] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const top = await calls.post(author, game.id, 'Reported top comment');
    const reply = await calls.post(other, game.id, 'Reported reply', top.data!.id);
    const quiet = await calls.post(other, game.id, 'Unreported reply', top.data!.id);
    const elsewhere = await calls.post(other, game.id, 'Another thread');
    await mod.report(r1, top.data!.id);
    await mod.report(r1, reply.data!.id, 'spam');
    await mod.report(r2, reply.data!.id, 'abuse');
    await mod.report(r2, elsewhere.data!.id);

    const res = await mod.resolve(admin, top.data!.id, 'remove');
    expect(res.data).toEqual({ comment_id: top.data!.id, outcome: 'removed', closed_reports: 1 });
    const id = admin.user.id;
    expect(await reportsOf([top.data!.id, reply.data!.id, quiet.data!.id])).toEqual([
      { commentId: top.data!.id, outcome: 'removed', handledBy: id },
      { commentId: reply.data!.id, outcome: 'removed', handledBy: id },
      { commentId: reply.data!.id, outcome: 'removed', handledBy: id },
    ]);
    // Another thread's report is not the removal's business.
    expect(await reportsOf([elsewhere.data!.id])).toEqual([
      { commentId: elsewhere.data!.id, outcome: null, handledBy: null },
    ]);
    const before = await databaseFingerprint(server.database.db);
    expect((await mod.resolve(second, reply.data!.id, 'dismiss')).status).toBe(6602);
    expect((await mod.report(r1, reply.data!.id)).status).toBe(6207);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});
