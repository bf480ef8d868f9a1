import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayService } from '../src/modules/play/play-service.js';
import { chapters, gameSaves } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Compiles (the compiler only warns), but the left way fails when it runs: ->-> outside a tunnel. */
const FORK = `The corridor forks.
* [Left] You go left.
  -> left
* [Right] You go right.
  -> right
== left ==
A door, then nothing.
->->
== right ==
A lit room.
+ [Rest] You rest.
  -> END
`;

const t = (en: string) => ({ en_US: en, zh_CN: en, ja_JP: en });

async function forkGame() {
  const { gameId } = await buildStoryGame(server.database.db, {
    chapters: [{ title: t('Fork'), priceGems: 0, ink: FORK }],
  });
  const [chapter] = await server.database.db
    .select()
    .from(chapters)
    .where(eq(chapters.gameId, gameId));
  return { gameId, chapterId: chapter!.id };
}

const event = (token: string, body: CallBodyInput<typeof CALLS.gameEvent>, lang?: string) =>
  api(server, CALLS.gameEvent, { token, body, lang });

async function saveOf(userId: number, gameId: number) {
  const [row] = await server.database.db
    .select()
    .from(gameSaves)
    .where(and(eq(gameSaves.userId, userId), eq(gameSaves.gameId, gameId)));
  return row!;
}

describe("one player's story error", () => {
  it('answers that player 4016 with their save as it was, and the next player plays on', async () => {
    const { gameId } = await forkGame();
    const db = server.database.db;
    const a = await buildSession(db);
    const b = await buildSession(db);
    const startA = (await event(a.token, { type: 'start', game_id: gameId })).data!;
    const startB = (await event(b.token, { type: 'start', game_id: gameId })).data!;
    const savedA = await saveOf(a.user.id, gameId);

    const failed = await event(a.token, {
      type: 'choose',
      game_id: gameId,
      seq: startA.seq,
      choice_index: 0,
    });
    const right = await event(b.token, {
      type: 'choose',
      game_id: gameId,
      seq: startB.seq,
      choice_index: 1,
    });
    expect(right.status).toBe(200);
    expect(right.data!.lines.map((l) => l.text)).toEqual(['You go right.', 'A lit room.']);
    expect(right.data!.choices.map((c) => c.text)).toEqual(['Rest']);

    expect(failed).toMatchObject({ http: 200, status: 4016, data: null });
    for (const [lang, desc] of [
      ['en_US', 'The story stumbled here. Nothing was lost, please try again'],
      ['zh_CN', '剧情在这里出了点问题，进度没有丢失，请再试一次'],
      ['ja_JP', 'ストーリーで問題が起きました。進行は失われていません。もう一度お試しください'],
    ] as const) {
      const again = await event(
        a.token,
        { type: 'choose', game_id: gameId, seq: startA.seq, choice_index: 0 },
        lang,
      );
      expect(again).toMatchObject({ http: 200, status: 4016, desc, data: null });
    }
    expect(await saveOf(a.user.id, gameId)).toEqual(savedA);

    // The player who met the error is where they were, and may take the other way.
    const retried = await event(a.token, {
      type: 'choose',
      game_id: gameId,
      seq: startA.seq,
      choice_index: 1,
    });
    expect(retried.status).toBe(200);
    expect(retried.data!.seq).toBe(startA.seq + 1);
  });

  it('logs the game, chapter, story version, ink path and ink’s own words', async () => {
    const { gameId, chapterId } = await forkGame();
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const play = createPlayService({
      db: server.database.db,
      now: () => server.clock.now,
      contentTtlMs: 0,
      log,
    });
    const { user } = await buildSession(server.database.db);
    const started = await play.handleEvent(user.id, 'en_US', { type: 'start', game_id: gameId });
    await expect(
      play.handleEvent(user.id, 'en_US', {
        type: 'choose',
        game_id: gameId,
        seq: started.seq,
        choice_index: 0,
      }),
    ).rejects.toMatchObject({ status: 4016 });

    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        gameId,
        chapterId,
        storyVersion: 1,
        inkPath: expect.stringMatching(/^left\b/),
        inkErrors: [expect.stringMatching(/Found tunnel onwards statement \(->->\)/)],
        msg: expect.stringMatching(/^ink runtime error: .*Found tunnel onwards statement/),
      }),
    ]);
  });
});
