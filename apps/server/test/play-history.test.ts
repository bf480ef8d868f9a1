import { CALLS, type CallBodyInput, type PlayState } from '@taleforge/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSaveSteps, gameSaves } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A corridor of rooms, each a choice: a chapter as long as a test wants. */
const CORRIDOR = `VAR rooms = 0
-> room
== room ==
~ rooms++
Room {rooms}.
+ [Left] -> room
+ [Right] -> room
+ [Leave] You leave. -> END
`;

async function corridor() {
  const { gameId } = await buildStoryGame(server.database.db, {
    chapters: [{ title: { en_US: 'Corridor' }, priceGems: 0, ink: CORRIDOR }],
  });
  const { token, user } = await buildSession(server.database.db);
  const send = async (body: CallBodyInput<typeof CALLS.gameEvent>) => {
    const answer = await api(server, CALLS.gameEvent, { token, body });
    expect(answer.status, answer.desc).toBe(200);
    return answer.data as PlayState;
  };
  return { gameId, userId: user.id, token, send };
}

/** Each choice point's row version: Postgres gives a rewritten row a new `xmin`. */
async function stepRows(userId: number, gameId: number) {
  const rows = await server.database.db
    .select({ step: gameSaveSteps.step, version: sql<string>`${gameSaveSteps}.xmin::text` })
    .from(gameSaveSteps)
    .innerJoin(gameSaves, eq(gameSaves.id, gameSaveSteps.saveId))
    .where(and(eq(gameSaves.userId, userId), eq(gameSaves.gameId, gameId)))
    .orderBy(gameSaveSteps.step);
  return rows;
}

describe('a chapter’s choice points', () => {
  it('are added one row a choice, and no step rewrites the earlier ones', async () => {
    const { gameId, userId, send } = await corridor();
    let state = await send({ type: 'start', game_id: gameId });
    for (let i = 0; i < 5; i++) {
      state = await send({ type: 'choose', game_id: gameId, seq: state.seq, choice_index: i % 2 });
    }
    const before = await stepRows(userId, gameId);
    expect(before.map((r) => r.step)).toEqual([0, 1, 2, 3, 4]);
    state = await send({ type: 'choose', game_id: gameId, seq: state.seq, choice_index: 1 });
    const after = await stepRows(userId, gameId);
    expect(after.slice(0, 5)).toEqual(before);
    expect(after.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(state.history.map((h) => h.choice)).toEqual([
      'Left',
      'Right',
      'Left',
      'Right',
      'Left',
      'Right',
    ]);
    expect(state.lines.map((l) => l.text)).toEqual(['Room 7.']);
  });

  it('are cut back by a rewind, and a chapter begun again has none', async () => {
    const { gameId, userId, send } = await corridor();
    let state = await send({ type: 'start', game_id: gameId });
    for (let i = 0; i < 4; i++) {
      state = await send({ type: 'choose', game_id: gameId, seq: state.seq, choice_index: 0 });
    }
    const back = await send({ type: 'rewind', game_id: gameId, seq: state.seq, to_step: 1 });
    expect(back.history.map((h) => h.step)).toEqual([0]);
    expect(back.lines.map((l) => l.text)).toEqual(['Room 2.']);
    expect((await stepRows(userId, gameId)).map((r) => r.step)).toEqual([0]);
    // Playing on from there numbers the new choice point after the kept one.
    const on = await send({ type: 'choose', game_id: gameId, seq: back.seq, choice_index: 1 });
    expect(on.history.map((h) => [h.step, h.choice])).toEqual([
      [0, 'Left'],
      [1, 'Right'],
    ]);
    const again = await send({ type: 'start', game_id: gameId, restart: true });
    expect(again.history).toEqual([]);
    expect(await stepRows(userId, gameId)).toEqual([]);
  });

  it('refuses a rewind to a step it does not have, changing nothing', async () => {
    const { gameId, userId, token, send } = await corridor();
    const start = await send({ type: 'start', game_id: gameId });
    const one = await send({ type: 'choose', game_id: gameId, seq: start.seq, choice_index: 0 });
    const rows = await stepRows(userId, gameId);
    const refused = await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'rewind', game_id: gameId, seq: one.seq, to_step: 1 },
    });
    expect(refused).toMatchObject({ status: 4013, data: null });
    const [save] = await server.database.db
      .select({ seq: gameSaves.seq })
      .from(gameSaves)
      .where(and(eq(gameSaves.userId, userId), eq(gameSaves.gameId, gameId)));
    expect(save!.seq).toBe(one.seq);
    expect(await stepRows(userId, gameId)).toEqual(rows);
  });
});
