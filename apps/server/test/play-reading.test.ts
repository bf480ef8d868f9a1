import { CALLS, type GameEventBody, type PlayState } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { gameSaves } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const event = (token: string, body: GameEventBody, lang?: string) =>
  api(server, CALLS.gameEvent, { token, body, lang });
const seen = (token: string, body: { game_id: number; seq: number; line: number }, lang?: string) =>
  api(server, CALLS.lineSeen, { token, body, lang });

async function saveRow(userId: number) {
  const [row] = await server.database.db
    .select()
    .from(gameSaves)
    .where(eq(gameSaves.userId, userId));
  return row!;
}

/** Chapter one of the test story up to its word game (puzzle solved, dice rolled out). */
async function toWordGame(token: string, gameId: number): Promise<PlayState> {
  let s = (await event(token, { type: 'start', game_id: gameId })).data!;
  for (const choice_index of [0, 0]) {
    s = (await event(token, { type: 'choose', game_id: gameId, seq: s.seq, choice_index })).data!;
  }
  if (s.minigame?.kind !== 'puzzle') throw new Error('puzzle expected');
  const order = ['one', 'two', 'three'];
  const slots = [...s.minigame.pieces]
    .sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label))
    .map((p) => p.id);
  s = (await event(token, { type: 'minigame_move', game_id: gameId, seq: s.seq, move: { slots } }))
    .data!;
  while (s.minigame?.kind === 'dice') {
    s = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: s.seq,
        move: { action: 'roll' },
      })
    ).data!;
  }
  return s;
}

describe('the line a player has read', () => {
  it('is kept in the save, so a reload (on any device) resumes there, not at the last choice', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);
    const s0 = (await event(token, { type: 'start', game_id: gameId })).data!;
    expect(s0.lines).toHaveLength(2);
    expect(s0.line_seen).toBe(0);
    const playedBefore = (await saveRow(user.id)).updatedAt;

    expect(await seen(token, { game_id: gameId, seq: s0.seq, line: 1 })).toMatchObject({
      status: 200,
      data: { line_seen: 1 },
    });
    // Reading moves neither the story nor its step counter: the next choice is still valid.
    const row = await saveRow(user.id);
    expect(row.seq).toBe(s0.seq);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(playedBefore.getTime());

    // Opening the game again, as a reload or a second device does, comes back to that line.
    const sessions = createSessionService({ db: server.database.db, ttlDays: 30 });
    const { token: otherDevice } = await sessions.createSession(user.id);
    const reopened = (await event(otherDevice, { type: 'start', game_id: gameId }, 'ja_JP')).data!;
    expect(reopened).toMatchObject({ seq: s0.seq, line_seen: 1 });

    // Reports can cross on the way: an earlier line never takes the place back.
    expect((await seen(token, { game_id: gameId, seq: s0.seq, line: 0 })).data).toEqual({
      line_seen: 1,
    });

    // A choice brings new lines, read from their first.
    const s1 = (
      await event(token, { type: 'choose', game_id: gameId, seq: s0.seq, choice_index: 0 })
    ).data!;
    expect(s1.line_seen).toBe(0);
    expect((await event(token, { type: 'start', game_id: gameId })).data!.line_seen).toBe(0);
  });

  it('refuses a line that is not on screen, a stale step and a game never opened, changing nothing', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);
    expect((await seen(token, { game_id: gameId, seq: 0, line: 0 })).status).toBe(4004);
    const s0 = (await event(token, { type: 'start', game_id: gameId })).data!;
    const before = await saveRow(user.id);

    const past = await seen(token, { game_id: gameId, seq: s0.seq, line: 2 }, 'zh_CN');
    expect(past).toMatchObject({ status: 4017, desc: '这句台词不在当前画面中', data: null });
    expect((await seen(token, { game_id: gameId, seq: s0.seq + 1, line: 1 })).status).toBe(4005);
    for (const body of [
      { game_id: gameId, seq: s0.seq, line: -1 },
      { game_id: gameId, seq: s0.seq, line: 1.5 },
      { game_id: gameId, seq: s0.seq },
      { game_id: gameId, seq: s0.seq, line: 1, extra: true },
    ]) {
      const res = await apiRaw(server, CALLS.lineSeen, { token, body });
      expect([body, res.status]).toEqual([body, 1001]);
    }
    expect(await saveRow(user.id)).toEqual(before);
    // Only the player's own save: without a token nothing is read or written.
    expect(
      (await apiRaw(server, CALLS.lineSeen, { body: { game_id: gameId, seq: s0.seq, line: 1 } }))
        .status,
    ).toBe(1005);
  });
});

describe('the word game', () => {
  it('answers a wrong guess with the guess judged wrong and the guesses left, kept across a reload', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token } = await buildSession(server.database.db);
    const s = await toWordGame(token, gameId);
    expect(s.minigame).toMatchObject({ kind: 'word', attempts_left: 3, misses: [] });

    const wrong = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: s.seq,
        move: { guess: ' ob ' },
      })
    ).data!;
    expect(wrong.minigame).toMatchObject({ kind: 'word', attempts_left: 2, misses: ['ob'] });
    const reloaded = (await event(token, { type: 'start', game_id: gameId })).data!;
    expect(reloaded.minigame).toMatchObject({ attempts_left: 2, misses: ['ob'] });

    const again = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: wrong.seq,
        move: { guess: 'bob' },
      })
    ).data!;
    expect(again.minigame).toMatchObject({ attempts_left: 1, misses: ['ob', 'bob'] });
    // The answer itself never travels, not even among the misses.
    expect(JSON.stringify(again)).not.toContain('"answer"');

    const last = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: again.seq,
        move: { guess: 'x' },
      })
    ).data!;
    expect(last.minigame).toBeNull();
    expect(last.outcome).toMatchObject({ kind: 'word', won: false });
  });
});
