import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportReports } from '../src/platform/db/schema/index.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { api } from './support/http.js';
import { editedCursor, everyPage, moderationCalls } from './support/moderation.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The assistant's support reports on the moderators' second tab (decision 46): admins read the
// open ones oldest first, page through them and mark them handled; nobody else sees them.

let server: TestServer;
let mod: ReturnType<typeof moderationCalls>;
beforeAll(async () => {
  server = await startTestServer();
  mod = moderationCalls(server);
});
afterAll(() => server.close());

type Player = Awaited<ReturnType<typeof signedIn>>;

const send = async (who: Player, description: string) =>
  (
    await api(server, CALLS.assistantReport, {
      token: who.token,
      lang: 'zh_CN',
      body: { client_report_id: randomUUID(), description, include_conversation: false },
    })
  ).data!.report_id;

const list = (who: Player, cursor?: string) =>
  api(server, CALLS.moderationSupport, { token: who.token, query: cursor ? { cursor } : {} });

const handle = (who: Player, id: number, lang?: string) =>
  api(server, CALLS.moderationSupportHandle, {
    token: who.token,
    body: { report_id: id },
    ...(lang ? { lang } : {}),
  });

const everyOpen = (who: Player) => everyPage((cursor) => list(who, cursor));

describe('support reports', () => {
  it('an admin reads open reports oldest first with the player, pages, and marks one handled', async () => {
    const admin = await mod.admin();
    const player = await signedIn(server);
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push(await send(player, `The video stops at ${i}`));
    const first = await list(admin);
    expect(first.data!.list).toHaveLength(20);
    const all = (await everyOpen(admin)).filter((r) => ids.includes(r.id));
    expect(all.map((r) => r.id)).toEqual(ids);
    expect(all[0]).toMatchObject({
      player: { taleforge_id: player.user.publicId, nick_name: player.user.nickName },
      description: 'The video stops at 0',
      locale: 'zh_CN',
      conversation: null,
    });

    const done = await handle(admin, ids[0]!);
    expect(done.data).toEqual({ report_id: ids[0], handled: true });
    const [row] = await server.database.db
      .select()
      .from(supportReports)
      .where(eq(supportReports.id, ids[0]!));
    expect(row).toMatchObject({ status: 'closed', handledBy: admin.user.id });
    expect(row!.handledAt).toBeInstanceOf(Date);
    expect((await everyOpen(admin)).some((r) => r.id === ids[0])).toBe(false);
    const again = await handle(admin, ids[0]!, 'en_US');
    expect(again).toMatchObject({
      status: 6602,
      desc: 'Another moderator already handled this report',
    });
    expect((await handle(admin, 987_654_321)).status).toBe(6603);
    const edited = await list(admin, editedCursor(first.data!.next_cursor!));
    expect(edited.status).toBe(1001);
  });

  it('a player is refused with 6601 and neither reads nor closes anything', async () => {
    const player = await signedIn(server);
    const id = await send(player, 'Please help');
    const before = await databaseFingerprint(server.database.db);
    const read = await list(player);
    expect(read.status).toBe(6601);
    expect(read.data ?? null).toBeNull();
    expect((await handle(player, id, 'ja_JP')).desc).toBe(
      '通報を見られるのはモデレーターだけです。管理者アカウントでサインインしてください',
    );
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});
