import { randomBytes } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { episodes, episodeWatches, userIdentities } from '../src/platform/db/schema/index.js';
import { login } from './support/accounts.js';
import { buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { buildSeries } from './support/series.js';
import { startTestServer, type TestServer } from './support/server.js';
import { newVisitor, visitorLogin } from './support/visitors.js';

// A visitor's place in each episode follows them into the account they sign in to, and each
// episode still counts one viewer per person.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const db = () => server.database.db;
const progress = (token: string, episodeId: number, positionMs: number) =>
  api(server, CALLS.episodeProgress, {
    token,
    body: { episode_id: episodeId, position_ms: positionMs },
  });
const watchesOf = (userId: number) =>
  db()
    .select({
      episodeId: episodeWatches.episodeId,
      position: episodeWatches.positionMs,
      completed: episodeWatches.completed,
    })
    .from(episodeWatches)
    .where(eq(episodeWatches.userId, userId))
    .orderBy(episodeWatches.episodeId);
const countsOf = async (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => {
      const [row] = await db().select().from(episodes).where(eq(episodes.id, id));
      return [row!.viewCount, row!.completeCount];
    }),
  );

describe('a visitor signing in', () => {
  it('brings their watches to the account, the later position winning, each viewer counted once', async () => {
    const { game, episodeIds } = await buildSeries(server, { freeEpisodes: 4 });
    const [one, two, three] = episodeIds as [number, number, number];
    const account = await buildUser(db(), { passwordHash: await hashPassword('lantern-pass') });
    const elsewhere = await login(server, account.email!, 'lantern-pass', {
      dfId: `v_${randomBytes(6).toString('hex')}`,
    });
    const accountToken = elsewhere.data!.access_token;
    await progress(accountToken, one, 500);
    await progress(accountToken, two, 4_000);

    const visitor = await newVisitor(server);
    const visitorToken = (await visitorLogin(server, visitor)).data!.access_token;
    const [identity] = await db()
      .select()
      .from(userIdentities)
      .where(
        and(eq(userIdentities.provider, 'DF_ID'), eq(userIdentities.providerUserId, visitor.dfId)),
      );
    server.clock.advance(1_000);
    await progress(visitorToken, one, 1_500);
    await progress(visitorToken, two, 700);
    await progress(visitorToken, three, 300);
    expect(await countsOf([one, two, three])).toEqual([
      [2, 0],
      [2, 1],
      [1, 0],
    ]);

    const signedIn = await login(server, account.email!, 'lantern-pass', {
      dfId: visitor.dfId,
      secret: visitor.secret,
    });
    expect(signedIn.status).toBe(200);
    expect(await watchesOf(identity!.userId)).toEqual([]);
    expect(await watchesOf(account.id)).toEqual([
      { episodeId: one, position: 1_500, completed: false },
      { episodeId: two, position: 700, completed: true },
      { episodeId: three, position: 300, completed: false },
    ]);
    expect(await countsOf([one, two, three])).toEqual([
      [1, 0],
      [1, 1],
      [1, 0],
    ]);
    const list = await api(server, CALLS.continueWatching, { token: signedIn.data!.access_token });
    expect(list.data!.list.map((i) => [i.game_id, i.episode_id, i.position_ms])).toEqual([
      [game.id, three, 300],
    ]);
  });
});
