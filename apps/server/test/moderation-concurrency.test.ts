import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentReports, comments, supportReports } from '../src/platform/db/schema/index.js';
import { commentCalls } from './support/comments.js';
import { api } from './support/http.js';
import { moderationCalls } from './support/moderation.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Two moderators on one item at once end in one outcome: the thread's row lock orders them, the
// second finds no open report (6602), and the counts move once (decision 46).

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
let mod: ReturnType<typeof moderationCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
  mod = moderationCalls(server);
});
afterAll(() => server.close());

async function visibleRows(gameId: number): Promise<number> {
  const top = alias(comments, 'top');
  const [row] = await server.database.db
    .select({ n: count() })
    .from(comments)
    .leftJoin(top, eq(top.id, comments.parentId))
    .where(and(eq(comments.gameId, gameId), isNull(comments.deletedAt), isNull(top.deletedAt)));
  return row!.n;
}

describe('two moderators at once', () => {
  it('remove against remove, and remove against dismiss, on threads: one outcome, exact counts', async () => {
    const [first, second] = [await mod.admin(), await mod.admin()];
    const { game } = await calls.work();
    const [author, other, reporter] = [
      await signedIn(server),
      await signedIn(server),
      await signedIn(server),
    ];
    const targets: { id: number; actions: ['remove' | 'dismiss', 'remove' | 'dismiss'] }[] = [];
    for (let i = 0; i < 6; i++) {
      const top = await calls.post(author, game.id, `Thread ${i}`);
      await calls.post(other, game.id, `Reply ${i}`, top.data!.id);
      const reply = await calls.post(other, game.id, `Reported reply ${i}`, top.data!.id);
      const reported = i % 2 === 0 ? top.data!.id : reply.data!.id;
      await mod.report(reporter, reported);
      targets.push({ id: reported, actions: i < 3 ? ['remove', 'remove'] : ['remove', 'dismiss'] });
    }
    const results = await Promise.all(
      targets.flatMap((t) => [
        mod.resolve(first, t.id, t.actions[0]),
        mod.resolve(second, t.id, t.actions[1]),
      ]),
    );
    for (let i = 0; i < targets.length; i++) {
      const pair = [results[2 * i]!, results[2 * i + 1]!].map((r) => r.status).sort();
      expect(pair).toEqual([200, 6602]);
      const outcomes = await server.database.db
        .selectDistinct({ outcome: commentReports.outcome })
        .from(commentReports)
        .where(eq(commentReports.commentId, targets[i]!.id));
      expect(outcomes).toHaveLength(1);
    }
    expect(await calls.storedCount(game.id)).toBe(await visibleRows(game.id));
    const tops = await server.database.db
      .select({ id: comments.id, replyCount: comments.replyCount })
      .from(comments)
      .where(and(eq(comments.gameId, game.id), isNull(comments.parentId)));
    for (const top of tops) {
      const [live] = await server.database.db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.parentId, top.id), isNull(comments.deletedAt)));
      expect(top.replyCount).toBe(live!.n);
    }
  });

  it('a support report handled by two admins at once is closed once, by one of them', async () => {
    const [first, second] = [await mod.admin(), await mod.admin()];
    const player = await signedIn(server);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await api(server, CALLS.assistantReport, {
        token: player.token,
        body: {
          client_report_id: randomUUID(),
          description: `Problem ${i}`,
          include_conversation: false,
        },
      });
      ids.push(sent.data!.report_id);
    }
    const handle = (who: typeof first, id: number) =>
      api(server, CALLS.moderationSupportHandle, { token: who.token, body: { report_id: id } });
    const results = await Promise.all(ids.flatMap((id) => [handle(first, id), handle(second, id)]));
    for (let i = 0; i < ids.length; i++) {
      const pair = [results[2 * i]!, results[2 * i + 1]!];
      expect(pair.map((r) => r.status).sort()).toEqual([200, 6602]);
      const winner = pair[0]!.status === 200 ? first : second;
      const [row] = await server.database.db
        .select()
        .from(supportReports)
        .where(eq(supportReports.id, ids[i]!));
      expect(row).toMatchObject({ status: 'closed', handledBy: winner.user.id });
    }
  });
});
