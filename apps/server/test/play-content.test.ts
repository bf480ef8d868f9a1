import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeVisitorInto } from '../src/modules/auth/visitor-merge.js';
import { createMediaStore } from '../src/modules/media/index.js';
import { seedDemoContent } from '../src/modules/play/demo-content.js';
import { createPlayService } from '../src/modules/play/play-service.js';
import { publishGame } from '../src/modules/play/publish.js';
import { chapterUnlockPrice } from '../src/modules/play/unlocks.js';
import { readPrice } from '../src/modules/wallet/index.js';
import { chapters, chapterVersions, gameSaves, games } from '../src/platform/db/schema/index.js';
import { AppError } from '../src/platform/http/app-error.js';
import { buildSession, buildUser } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame, CHAPTER_ONE, storyGameDefinition } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const options = (creatorId: number) => ({
  creatorId,
  coverUrl: (id: number) => `/taleforge/art/cover/${id}.svg`,
  now: new Date(),
});

type EventBody = CallBodyInput<typeof CALLS.gameEvent>;
/** A story event of the game under test: each kind of event without its game_id. */
type EventStep = EventBody extends infer B
  ? B extends unknown
    ? Omit<B, 'game_id'>
    : never
  : never;

describe('publishing story content', () => {
  it('refuses malformed ink with the line, and stores nothing of the game', async () => {
    const db = server.database.db;
    const creator = await buildUser(db);
    const def = storyGameDefinition({
      chapters: [{ title: { en_US: 'Bad' }, priceGems: 0, ink: 'Hello.\n* [Go]\n  -> nowhere\n' }],
    });
    const error = await publishGame(db, def, options(creator.id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(4014);
    expect((error as AppError).detail).toMatch(/nowhere/);
    expect(await db.select().from(games).where(eq(games.slug, def.slug))).toEqual([]);

    const badTag = storyGameDefinition({
      chapters: [
        { title: { en_US: 'Bad' }, priceGems: 0, ink: 'Hi. #speaker:ghost:happy\n-> END\n' },
      ],
    });
    const tagError = (await publishGame(db, badTag, options(creator.id)).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(tagError.detail).toBe('line 1: unknown character "ghost"');
  });

  it('is idempotent, and a changed chapter gets a version that old saves do not switch to', async () => {
    const db = server.database.db;
    const creator = await buildUser(db);
    const def = storyGameDefinition();
    const gameId = await publishGame(db, def, options(creator.id));
    expect(await publishGame(db, def, options(creator.id))).toBe(gameId);
    const versions = () => db.select().from(chapterVersions);
    const before = (await versions()).length;

    const { token } = await buildSession(db);
    const event = (body: EventStep) =>
      api(server, CALLS.gameEvent, { token, body: { game_id: gameId, ...body } as EventBody });
    const s = (await event({ type: 'start' })).data!;
    expect(s.story_version).toBe(1);

    const updated = CHAPTER_ONE.replace('Nothing happens.', 'The clock ticks on.');
    await publishGame(
      db,
      { ...def, chapters: [{ ...def.chapters[0]!, ink: updated }, def.chapters[1]!] },
      options(creator.id),
    );
    expect((await versions()).length).toBe(before + 1);

    // The save made on version 1 plays on in version 1.
    const old = (await event({ type: 'choose', seq: s.seq, choice_index: 1 })).data!;
    expect(old.story_version).toBe(1);
    expect(old.lines[0]!.text).toBe('Nothing happens.');
    // Starting the chapter again takes the new version (once the content cache has expired).
    server.clock.advance(server.config.CATALOGUE_CACHE_MS + 1);
    const fresh = (await event({ type: 'start', restart: true })).data!;
    expect(fresh.story_version).toBe(2);
    const next = (await event({ type: 'choose', seq: fresh.seq, choice_index: 1 })).data!;
    expect(next.lines[0]!.text).toBe('The clock ticks on.');
  });

  it('seeds the demo works once, and the home calls serve them', async () => {
    const db = server.database.db;
    const media = createMediaStore(server.config);
    const seed = () =>
      seedDemoContent(db, {
        artBase: '/taleforge/art',
        media,
        now: new Date(),
        log: server.app.log,
      });
    const ids = await seed();
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const count = (await db.select().from(chapterVersions)).length;
    expect(await seed()).toEqual(ids);
    expect((await db.select().from(chapterVersions)).length).toBe(count);

    server.clock.advance(60_000);
    const home = await api(server, CALLS.home, { lang: 'ja_JP' });
    // Every demo work is on the home, each once (decision 33), in the asked language.
    const shown = home.data!.sections.flatMap((s) => s.games);
    expect(new Set(shown.map((g) => g.id)).size).toBe(shown.length);
    expect(ids.filter((id) => !shown.some((g) => g.id === id))).toEqual([]);
    const ledger = shown.find((g) => g.title === 'ランタン通りの帳簿');
    if (!ledger) throw new Error('the Lantern Ledger is not on the Japanese home');
    const cover = await fetch(new URL(ledger.cover, server.url('/')).toString());
    expect(cover.headers.get('content-type')).toMatch(/svg/);
  });

  it('answers 4015 for a stored story that cannot run, and changes nothing', async () => {
    const db = server.database.db;
    const { gameId } = await buildStoryGame(db);
    const [first] = await db
      .select()
      .from(chapters)
      .where(eq(chapters.gameId, gameId))
      .orderBy(chapters.position);
    await db
      .update(chapterVersions)
      .set({ storyJson: '{"inkVersion": 21, "root": [' })
      .where(eq(chapterVersions.chapterId, first!.id));
    const { token, user } = await buildSession(db);
    const res = await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'start', game_id: gameId },
    });
    expect(res).toMatchObject({ status: 4015, data: null });
    expect(await db.select().from(gameSaves).where(eq(gameSaves.userId, user.id))).toEqual([]);
  });

  it('prices only the priced chapters of the game for the wallet', async () => {
    const db = server.database.db;
    const { gameId } = await buildStoryGame(db);
    const other = await buildStoryGame(db);
    const rows = await db
      .select()
      .from(chapters)
      .where(eq(chapters.gameId, gameId))
      .orderBy(chapters.position);
    const price = (target: { gameId: number; targetId: number }) =>
      readPrice(db, chapterUnlockPrice, target);
    expect(await price({ gameId, targetId: rows[1]!.id })).toBe(50);
    expect(await price({ gameId, targetId: rows[0]!.id })).toBeNull();
    expect(await price({ gameId: other.gameId, targetId: rows[1]!.id })).toBeNull();
  });

  it('moves the saves of a visitor to the account they sign in to; the save played last wins', async () => {
    const db = server.database.db;
    const a = await buildStoryGame(db);
    const b = await buildStoryGame(db);
    const visitor = await buildSession(db);
    const account = await buildSession(db);
    const play = (token: string, gameId: number) =>
      api(server, CALLS.gameEvent, {
        token,
        body: { type: 'start', game_id: gameId },
      });
    await play(account.token, a.gameId);
    server.clock.advance(1_000);
    await play(visitor.token, a.gameId);
    await play(visitor.token, b.gameId);
    const before = await db.select().from(gameSaves).where(eq(gameSaves.userId, visitor.user.id));
    await db.transaction((tx) => mergeVisitorInto(tx, visitor.user.id, account.user.id));
    const after = await db.select().from(gameSaves).where(eq(gameSaves.userId, account.user.id));
    expect(after.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());
    expect(await db.select().from(gameSaves).where(eq(gameSaves.userId, visitor.user.id))).toEqual(
      [],
    );
  });

  it('lets only the server report a reached conversation goal', async () => {
    const db = server.database.db;
    const ink =
      'VAR goal_reached = false\nTell me the truth. #speaker:ada:observe #chat:ada:confess\n{goal_reached: She confesses.|She says nothing.}\n-> END\n';
    const { gameId } = await buildStoryGame(db, {
      chapters: [{ title: { en_US: 'Talk' }, priceGems: 0, ink }],
    });
    const { token, user } = await buildSession(db);
    const event = (body: EventStep) =>
      api(server, CALLS.gameEvent, { token, body: { game_id: gameId, ...body } as EventBody });
    const s = (await event({ type: 'start' })).data!;
    expect(s.conversation).toMatchObject({
      npc_name: 'Ada',
      goal: 'confess',
      goal_text: 'Get her to confess',
    });
    for (const goal of [{ goalReached: true }, { goal_reached: true }]) {
      const res = await apiRaw(server, CALLS.gameEvent, {
        token,
        body: { type: 'continue', game_id: gameId, seq: s.seq, ...goal },
      });
      expect(res.status).toBe(1001);
    }

    const play = createPlayService({
      db,
      now: () => server.clock.now,
      contentTtlMs: 0,
      log: server.app.log,
    });
    const after = await play.finishConversation(user.id, 'en_US', gameId, true);
    expect(after.lines[0]!.text).toBe('She confesses.');
    expect(after.chapter_ended).toBe(true);
    await expect(play.finishConversation(user.id, 'en_US', gameId, true)).rejects.toMatchObject({
      status: 4009,
    });
  });
});
