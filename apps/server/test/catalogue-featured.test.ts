import { CALLS } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import {
  FEATURED_MIN_PLAYERS,
  FEATURED_QUIET_WINDOW_DAYS,
  FEATURED_WINDOW_DAYS,
} from '../src/modules/games/featured-service.js';
import { featuredPins, games, type users } from '../src/platform/db/schema/index.js';
import { buildGame, buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

// The home's featured tale (decision 49): the operator's pin, else the story the most distinct
// players moved in the last days, never one that a single person's replays put there.

const CACHE_MS = 5_000;
const DAY_MS = 86_400_000;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ CATALOGUE_CACHE_MS: String(CACHE_MS) });
});
afterEach(() => server.close());

const db = () => server.database.db;

async function tokenFor(user: { id: number }): Promise<string> {
  return (await createSessionService({ db: db(), ttlDays: 30 }).createSession(user.id)).token;
}

/** A player with their own browser: an account or a visitor counts once either way. */
async function player(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(db(), overrides);
  return { user, token: await tokenFor(user) };
}

/** A start and one choice, or a restart of the first chapter: the save moves either way. */
async function play(token: string, gameId: number, restart = false) {
  const started = await api(server, CALLS.gameEvent, {
    token,
    body: { type: 'start', game_id: gameId, ...(restart ? { restart: true } : {}) },
  });
  expect(started.status).toBe(200);
  if (restart) return;
  const chose = await api(server, CALLS.gameEvent, {
    token,
    body: { type: 'choose', game_id: gameId, seq: started.data!.seq, choice_index: 0 },
  });
  expect(chose.status).toBe(200);
}

async function playedBy(count: number, gameId: number) {
  for (let i = 0; i < count; i++) await play((await player()).token, gameId);
}

/** The featured section as a new visitor gets it, past any cached copy. */
async function featured(): Promise<number[]> {
  server.clock.advance(CACHE_MS + 1);
  return featuredNow();
}

async function featuredNow(): Promise<number[]> {
  const home = await api(server, CALLS.home);
  expect(home.status).toBe(200);
  return home.data!.sections.find((s) => s.key === 'featured')?.games.map((g) => g.id) ?? [];
}

async function admin() {
  const who = await player({ role: 'admin' });
  return {
    ...who,
    show: () => api(server, CALLS.adminFeatured, { token: who.token }),
    pin: (gameId: number, lang?: string) =>
      api(server, CALLS.adminFeaturedPin, {
        token: who.token,
        body: { game_id: gameId },
        ...(lang ? { lang } : {}),
      }),
    clear: () => api(server, CALLS.adminFeaturedClear, { token: who.token }),
  };
}

/** The founding story (the fallback: first published), then a brand-new one by an invitee. */
async function catalogue() {
  const founding = await buildStoryGame(db());
  const fresh = await buildStoryGame(db());
  return { founding: founding.gameId, fresh: fresh.gameId, freshCreator: fresh.creatorId };
}

describe('the featured tale by distinct players', () => {
  it('one invitee replaying a new work 20 times, with their visitor and its creator, does not feature it', async () => {
    const { founding, fresh, freshCreator } = await catalogue();
    const invitee = await player({ registerDfId: 'v_invitee' });
    for (let i = 0; i < 20; i++) await play(invitee.token, fresh, i > 0);
    // The same browser's visitor account, never merged into the account: the same person.
    const visitor = await player({
      oauthEnum: 'DF_ID',
      email: null,
      registerDfId: 'v_invitee',
    });
    await play(visitor.token, fresh);
    await play(await tokenFor({ id: freshCreator }), fresh);

    expect(await featured()).toEqual([founding]);
  });

  it(`features a story once ${FEATURED_MIN_PLAYERS} distinct players moved it in the window`, async () => {
    const { founding, fresh } = await catalogue();
    await playedBy(FEATURED_MIN_PLAYERS - 1, fresh);
    expect((await featured())[0]).toBe(founding);

    await playedBy(1, fresh);
    expect(await featured()).toEqual([fresh, founding]);
  });

  it('ranks by players in the window, not by plays older than it', async () => {
    const { founding, fresh } = await catalogue();
    await playedBy(FEATURED_MIN_PLAYERS + 2, founding);
    server.clock.advance((FEATURED_WINDOW_DAYS + 1) * DAY_MS);
    await playedBy(FEATURED_MIN_PLAYERS, fresh);
    // The founding story has more players all time, but none of them this week.
    expect(await featured()).toEqual([fresh, founding]);

    // A week later nobody qualifies: the quiet window decides, by the same count.
    server.clock.advance((FEATURED_WINDOW_DAYS + 1) * DAY_MS);
    expect(await featured()).toEqual([founding, fresh]);
    // Past that too: the founding story alone.
    server.clock.advance(FEATURED_QUIET_WINDOW_DAYS * DAY_MS);
    expect(await featured()).toEqual([founding]);
  });

  it('breaks a tie in players towards the newer work', async () => {
    const { founding, fresh } = await catalogue();
    await playedBy(FEATURED_MIN_PLAYERS, founding);
    await playedBy(FEATURED_MIN_PLAYERS, fresh);
    expect(await featured()).toEqual([fresh, founding]);
  });

  it('leaves out a work taken off the site, whatever its players', async () => {
    const { founding, fresh } = await catalogue();
    await playedBy(FEATURED_MIN_PLAYERS, fresh);
    await db().update(games).set({ publishedAt: null }).where(eq(games.id, fresh));
    expect(await featured()).toEqual([founding]);
  });
});

describe("the operator's pin", () => {
  it('wins over the rule, shows at once, and clearing it gives the rule back', async () => {
    const { founding, fresh } = await catalogue();
    const operator = await admin();
    await playedBy(FEATURED_MIN_PLAYERS, fresh);
    expect(await featured()).toEqual([fresh, founding]);

    const pinned = await operator.pin(founding);
    expect(pinned.data).toMatchObject({ pin: { game_id: founding, in_effect: true } });
    // No wait for the cache: the pin drops it.
    expect(await featuredNow()).toEqual([founding, fresh]);
    expect((await operator.show()).data).toEqual(pinned.data);

    expect((await operator.clear()).data).toEqual({ pin: null });
    expect(await featuredNow()).toEqual([fresh, founding]);
    expect((await operator.show()).data).toEqual({ pin: null });
    // Clearing again is not an error.
    expect((await operator.clear()).status).toBe(200);
  });

  it('refuses an unknown, unpublished, taken-down or series work by name, and keeps the pin', async () => {
    const { founding, fresh } = await catalogue();
    const operator = await admin();
    await operator.pin(founding);
    const before = await operator.show();
    const creatorId = (await buildUser(db())).id;
    const unpublished = await buildGame(db(), { creatorId, publishedAt: null });
    const takenDown = await buildGame(db(), {
      creatorId,
      publishedAt: null,
      takenDownAt: new Date(),
    });
    const series = await buildGame(db(), { creatorId, kind: 'series' });
    const cases = [
      [999_999, STATUS.FEATURED_WORK_NOT_FOUND],
      [unpublished.id, STATUS.FEATURED_NOT_ON_SITE],
      [takenDown.id, STATUS.FEATURED_NOT_ON_SITE],
      [series.id, STATUS.FEATURED_NOT_A_STORY],
    ] as const;
    for (const [gameId, status] of cases) {
      for (const lang of ['en_US', 'zh_CN', 'ja_JP'] as const) {
        const res = await operator.pin(gameId, lang);
        expect({ gameId, status: res.status, desc: res.desc }).toEqual({
          gameId,
          status,
          desc: statusMessage(status, lang),
        });
      }
    }
    expect(await operator.show()).toMatchObject({ data: before.data });
    // The pin, then the next story published as the stand-in (nothing has players yet).
    expect(await featuredNow()).toEqual([founding, fresh]);
  });

  it('answers only admins, read at each call', async () => {
    const { founding } = await catalogue();
    const someone = await player();
    for (const res of [
      await api(server, CALLS.adminFeatured, { token: someone.token }),
      await api(server, CALLS.adminFeaturedPin, {
        token: someone.token,
        body: { game_id: founding },
      }),
      await api(server, CALLS.adminFeaturedClear, { token: someone.token }),
    ])
      expect(res.status).toBe(STATUS.STUDIO_NOT_ADMIN);
    expect(await db().select().from(featuredPins)).toEqual([]);
  });

  it('stops featuring a pinned work that leaves the site, and says so', async () => {
    const { founding, fresh } = await catalogue();
    const operator = await admin();
    await operator.pin(fresh);
    expect((await featured())[0]).toBe(fresh);
    await db().update(games).set({ publishedAt: null }).where(eq(games.id, fresh));
    expect(await featured()).toEqual([founding]);
    expect((await operator.show()).data).toMatchObject({
      pin: { game_id: fresh, in_effect: false },
    });
  });
});
