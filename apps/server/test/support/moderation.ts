import { CALLS, type ModerationAction } from '@taleforge/contracts';
import type { CommentReportReason } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import { users } from '../../src/platform/db/schema/index.js';
import { api, type EnvelopeResponse } from './http.js';
import { signedIn } from './profiles.js';
import type { TestServer } from './server.js';

type Player = Awaited<ReturnType<typeof signedIn>>;

/** The moderation calls as a test makes them, and the admins who make them. */
export function moderationCalls(server: TestServer) {
  async function admin(): Promise<Player> {
    const player = await signedIn(server);
    await server.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, player.user.id));
    return player;
  }

  const report = (who: Player, commentId: number, reason: CommentReportReason = 'abuse') =>
    api(server, CALLS.commentReport, { token: who.token, body: { comment_id: commentId, reason } });

  const queue = (who: Player, cursor?: string, lang?: string) =>
    api(server, CALLS.moderationComments, {
      token: who.token,
      query: cursor ? { cursor } : {},
      ...(lang ? { lang } : {}),
    });

  /** Every page of the queue, walked with its cursors. */
  const wholeQueue = (who: Player) => everyPage((cursor) => queue(who, cursor));

  const resolve = (who: Player, commentId: number, action: ModerationAction, lang?: string) =>
    api(server, CALLS.moderationCommentResolve, {
      token: who.token,
      body: { comment_id: commentId, action },
      ...(lang ? { lang } : {}),
    });

  return { admin, report, queue, wholeQueue, resolve };
}

/** Every item of a moderation list, its pages walked with their cursors; a refused page throws. */
export async function everyPage<T>(
  page: (cursor?: string) => Promise<EnvelopeResponse<{ list: T[]; next_cursor: string | null }>>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    if (answer.status !== 200) throw new Error(answer.desc);
    items.push(...answer.data!.list);
    cursor = answer.data!.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

/**
 * The cursor with its check's last character changed: always to another one (writing a fixed
 * letter there left the cursor as it was whenever it already ended in that letter, 1 run in 64).
 */
export function editedCursor(cursor: string): string {
  return `${cursor.slice(0, -1)}${cursor.endsWith('x') ? 'y' : 'x'}`;
}
