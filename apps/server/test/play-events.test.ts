import { CALLS, type GameEventBody, type PlayState } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { listSnapshots } from '../src/modules/play/save-queries.js';
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
/** The same call with a body the contract refuses. */
const eventRaw = (token: string, body: unknown, lang?: string) =>
  apiRaw(server, CALLS.gameEvent, { token, body, lang });

async function saveRow(userId: number) {
  const [row] = await server.database.db
    .select()
    .from(gameSaves)
    .where(eq(gameSaves.userId, userId));
  return row;
}

/** Plays chapter one from the start to its first mini-game (the puzzle). */
async function toPuzzle(token: string, gameId: number) {
  let s = (await event(token, { type: 'start', game_id: gameId })).data!;
  s = (await event(token, { type: 'choose', game_id: gameId, seq: s.seq, choice_index: 0 })).data!;
  s = (await event(token, { type: 'choose', game_id: gameId, seq: s.seq, choice_index: 0 })).data!;
  return s;
}

function solve(state: PlayState): string[] {
  if (state.minigame?.kind !== 'puzzle') throw new Error('no puzzle');
  const order = ['one', 'two', 'three'];
  return [...state.minigame.pieces]
    .sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label))
    .map((p) => p.id);
}

describe('story events through HTTP', () => {
  it('plays a chapter: lines, choices, items, tasks, stats, three mini-games, the summary', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);

    const started = await event(token, { type: 'start', game_id: gameId });
    expect(started.status).toBe(200);
    const s0 = started.data!;
    expect(s0).toMatchObject({
      seq: 1,
      scene: 'vault',
      chapter_title: 'One',
      chapter_ended: false,
    });
    expect(s0.lines).toEqual([
      {
        text: 'The vault is dark.',
        speaker: null,
        speaker_name: null,
        npc_id: null,
        expression: null,
      },
      expect.objectContaining({
        text: 'Find the ledger.',
        speaker: 'ada',
        speaker_name: 'Ada',
        expression: 'observe',
      }),
    ]);
    expect(s0.tasks).toEqual([{ key: 'find_ledger', title: 'Find the ledger', done: false }]);
    expect(s0.npcs).toEqual([expect.objectContaining({ key: 'ada', name: 'Ada', health: 100 })]);

    // Reopening resumes: same step, nothing changes.
    const again = await event(token, { type: 'start', game_id: gameId }, 'zh_CN');
    expect(again.data).toMatchObject({ seq: 1 });
    expect(again.data!.lines[0]!.text).toBe('金库一片漆黑。');

    const s1 = (await event(token, { type: 'choose', game_id: gameId, seq: 1, choice_index: 0 }))
      .data!;
    expect(s1.inventory).toEqual([
      { key: 'healing_potion', count: 1, usable: true },
      { key: 'mysterious_key', count: 1, usable: false },
    ]);
    expect(s1.choices.map((c) => c.text)).toEqual(['Open the safe', 'Knock']);
    const s2 = (
      await event(token, { type: 'choose', game_id: gameId, seq: s1.seq, choice_index: 0 })
    ).data!;
    expect(s2.tasks[0]!.done).toBe(true);
    expect(s2.stats.stars).toBe(1);
    expect(s2.minigame).toMatchObject({ kind: 'puzzle', prompt: 'Order the pages' });

    const used = await event(token, {
      type: 'use_item',
      game_id: gameId,
      seq: s2.seq,
      item_key: 'healing_potion',
    });
    expect(used.data!.inventory).toEqual([]);

    const s3 = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: used.data!.seq,
        move: { slots: solve(s2) },
      })
    ).data!;
    expect(s3.outcome).toMatchObject({ kind: 'puzzle', won: true });
    expect(s3.lines.map((l) => l.text)).toEqual(['In order.', 'Dice for it.']);
    expect(s3.minigame).toMatchObject({
      kind: 'dice',
      opponent_name: 'Ada',
      target: 2,
      player: 0,
      rival: 0,
    });

    let s = s3;
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
    expect(s.outcome?.kind).toBe('dice');
    expect(s.minigame).toMatchObject({ kind: 'word', clue: 'Who stole it?', attempts_left: 3 });
    if (s.minigame?.kind !== 'word') throw new Error('word expected');
    expect([...s.minigame.tiles].sort()).toEqual(['b', 'o']);
    expect(JSON.stringify(s)).not.toContain('"answer"');
    s = (
      await event(token, {
        type: 'minigame_move',
        game_id: gameId,
        seq: s.seq,
        move: { guess: 'BO' },
      })
    ).data!;
    expect(s.lines.map((l) => l.text)).toEqual(['Right.', 'The end of chapter one.']);
    expect(s.chapter_ended).toBe(true);
    expect(s.summary).toEqual({
      stats: { experience: 0, health: 0, magic: 0, stars: 1 },
      items: [],
      tasks_done: ['Find the ledger'],
    });
    expect(s.next_chapter).toMatchObject({ position: 2, price_gems: 50, unlocked: false });

    const games = await api(server, CALLS.userGames, { token });
    expect(games.data!.list).toEqual([
      expect.objectContaining({ progress_percent: 50, chapter_title: 'One' }),
    ]);
    expect((await api(server, CALLS.userGames)).data!.list).toEqual([]);
    expect((await saveRow(user.id))!.completedChapters).toHaveLength(1);
  });

  it('keeps a locked chapter and its text on the server', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token } = await buildSession(server.database.db);
    const info = (
      await api(server, CALLS.resourceInfo, {
        token,
        query: { game_id: String(gameId) },
      })
    ).data!;
    expect(info.chapters.map((c) => [c.position, c.price_gems, c.unlocked])).toEqual([
      [1, 0, true],
      [2, 50, false],
    ]);
    expect(info.npcs.map((n) => n.key)).toEqual(['ada', 'bo']);
    expect(Object.keys(info.npcs[0]!.portraits)).toHaveLength(12);
    const res = await event(token, {
      type: 'start',
      game_id: gameId,
      chapter_id: info.chapters[1]!.id,
    });
    expect(res).toMatchObject({ status: 4003, data: null });
    expect(JSON.stringify(res)).not.toContain('secret');
    expect(JSON.stringify(info)).not.toContain('secret');

    // The generated art is plain SVG.
    const portrait = await fetch(new URL(info.npcs[0]!.portraits.love, server.url('/')).toString());
    expect(portrait.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await portrait.text()).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    expect((await fetch(server.url('/art/npc/999999/love.svg'))).status).toBe(404);
    for (const path of [`/art/scene/${gameId}/vault.svg`, `/art/cover/${gameId}.svg`]) {
      const art = await fetch(server.url(path));
      expect(art.headers.get('content-type'), path).toMatch(/image\/svg\+xml/);
      expect(await art.text(), path).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    }
    expect((await fetch(server.url(`/art/scene/${gameId}/nowhere.svg`))).status).toBe(404);
    expect((await fetch(server.url('/art/cover/999999.svg'))).status).toBe(404);
  });

  it('refuses bad events with a clear status and leaves the save as it was', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);
    expect(
      (await event(token, { type: 'choose', game_id: gameId, seq: 0, choice_index: 0 })).status,
    ).toBe(4004);
    const s = (await event(token, { type: 'start', game_id: gameId })).data!;
    const before = await saveRow(user.id);

    const cases: [unknown, number][] = [
      [{ type: 'start', game_id: 987654 }, 4001],
      [{ type: 'start', game_id: gameId, chapter_id: 987654 }, 4002],
      [{ type: 'choose', game_id: gameId, seq: s.seq, choice_index: 7 }, 4006],
      [{ type: 'use_item', game_id: gameId, seq: s.seq, item_key: 'healing_potion' }, 4007],
      [{ type: 'use_item', game_id: gameId, seq: s.seq, item_key: 'gold_bar' }, 4007],
      [{ type: 'minigame_move', game_id: gameId, seq: s.seq, move: { slots: [] } }, 4009],
      [{ type: 'continue', game_id: gameId, seq: s.seq }, 4009],
      [{ type: 'rewind', game_id: gameId, seq: s.seq, to_step: 0 }, 4013],
      [{ type: 'choose', game_id: gameId, seq: s.seq + 1, choice_index: 0 }, 4005],
      [{ type: 'choose', game_id: gameId, seq: s.seq - 1, choice_index: 0 }, 4005],
      [{ type: 'choose', game_id: gameId, choice_index: 0 }, 1001],
      [{ type: 'dance', game_id: gameId }, 1001],
    ];
    for (const [body, status] of cases) {
      const res = await eventRaw(token, body);
      expect([body, res.status]).toEqual([body, status]);
      expect(res.desc.length).toBeGreaterThan(5);
    }
    expect((await event(token, { type: 'start', game_id: 987654 }, 'ja_JP')).desc).toBe(
      'このゲームは存在しません',
    );
    expect(await saveRow(user.id)).toEqual(before);

    // A replayed event is refused once it has been played.
    const first = await event(token, {
      type: 'choose',
      game_id: gameId,
      seq: s.seq,
      choice_index: 1,
    });
    expect(first.status).toBe(200);
    const replay = await event(token, {
      type: 'choose',
      game_id: gameId,
      seq: s.seq,
      choice_index: 1,
    });
    expect(replay.status).toBe(4005);
    expect((await saveRow(user.id))!.seq).toBe(first.data!.seq);
  });

  it('judges mini-games on the server: forged results and dice values are ignored', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);
    const s = await toPuzzle(token, gameId);
    const [a, b, c] = solve(s);
    const move = (m: Record<string, unknown>, lang?: string) =>
      event(token, { type: 'minigame_move', game_id: gameId, seq: s.seq, move: m }, lang);
    expect((await move({ won: true, result: 'win' })).status).toBe(4012);
    const incomplete = await move({ slots: [a, null, c] });
    expect(incomplete).toMatchObject({ status: 4010, desc: 'Please fill all puzzle slots first' });
    expect((await move({ slots: [a, '', c] }, 'zh_CN')).desc).toBe('请先填满所有拼图格子');
    const wrong = await move({ slots: [b, a, c] });
    expect(wrong).toMatchObject({ status: 4011, desc: 'Incorrect puzzle order, try again!' });
    expect((await move({ slots: [b, a, c] }, 'ja_JP')).desc).toBe(
      'パズルの順番が違います。もう一度！',
    );
    expect((await saveRow(user.id))!.seq).toBe(s.seq);

    let state = (await move({ slots: [a, b, c] })).data!;
    // A client claiming sixes and a win changes nothing: the rolls are the server's.
    const seen: number[] = [];
    while (state.minigame?.kind === 'dice') {
      state = (
        await event(token, {
          type: 'minigame_move',
          game_id: gameId,
          seq: state.seq,
          move: { action: 'roll', player: 6, rival: 1, won: true, dice: [6, 6] },
        })
      ).data!;
      const rolls = state.minigame?.kind === 'dice' ? state.minigame.rolls : state.outcome!.rolls!;
      seen.push(...rolls.flatMap((r) => [r.player, r.rival]));
    }
    const rolls = state.outcome!.rolls!;
    const player = rolls.filter((r) => r.player > r.rival).length;
    const rival = rolls.filter((r) => r.rival > r.player).length;
    expect(state.outcome!.won).toBe(player === 2);
    expect(Math.max(player, rival)).toBe(2);
    expect(seen.every((n) => n >= 1 && n <= 6)).toBe(true);
    expect(state.lines[0]!.text).toBe(
      state.outcome!.won ? 'You win the bet.' : 'Ada wins the bet.',
    );
  });

  it('lets two devices play one save without corrupting it', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token, user } = await buildSession(server.database.db);
    const sessions = createSessionService({ db: server.database.db, ttlDays: 30 });
    const { token: phone } = await sessions.createSession(user.id);
    const s = (await event(token, { type: 'start', game_id: gameId })).data!;
    const results = await Promise.all([
      event(token, { type: 'choose', game_id: gameId, seq: s.seq, choice_index: 0 }),
      event(phone, { type: 'choose', game_id: gameId, seq: s.seq, choice_index: 1 }),
      event(phone, { type: 'choose', game_id: gameId, seq: s.seq, choice_index: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 4005, 4005]);
    const winner = results.find((r) => r.status === 200)!.data!;
    const row = (await saveRow(user.id))!;
    expect(row.seq).toBe(s.seq + 1);
    expect(await listSnapshots(server.database.db, row.id)).toHaveLength(1);
    // The device that lost the race resumes the winner's step.
    const resumed = (await event(phone, { type: 'start', game_id: gameId })).data!;
    expect(resumed).toEqual(winner);
  });

  it('rewinds to an earlier choice and plays it differently', async () => {
    const { gameId } = await buildStoryGame(server.database.db);
    const { token } = await buildSession(server.database.db);
    const s = await toPuzzle(token, gameId);
    expect(s.history).toEqual([
      { step: 0, choice: 'Search the desk' },
      { step: 1, choice: 'Open the safe' },
    ]);
    const back = (await event(token, { type: 'rewind', game_id: gameId, seq: s.seq, to_step: 0 }))
      .data!;
    expect(back.history).toEqual([]);
    expect(back.inventory).toEqual([]);
    expect(back.choices.map((c) => c.text)).toEqual(['Search the desk', 'Wait']);
    const other = (
      await event(token, { type: 'choose', game_id: gameId, seq: back.seq, choice_index: 1 })
    ).data!;
    expect(other.stats.health).toBe(90);
    expect(other.choices.map((c) => c.text)).toEqual(['Knock']);
  });
});
