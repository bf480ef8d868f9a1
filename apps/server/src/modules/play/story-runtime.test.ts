import { STATUS } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { type ContentRefs, compileChapter } from './ink-compiler.js';
import { newPlayerState } from './state.js';
import { applyStep, type SaveData, startChapterSave } from './step.js';
import type { StoryContext } from './story-runtime.js';

const minigames: Record<string, MinigameSpec> = {
  order: {
    kind: 'puzzle',
    prompt: { en_US: 'Order the steps' },
    pieces: [{ en_US: 'one' }, { en_US: 'two' }, { en_US: 'three' }],
  },
  duel: { kind: 'dice', opponent: 'mira', target: 2 },
  lamp: { kind: 'word', clue: { en_US: 'It glows' }, answer: { en_US: 'lamp', zh_CN: '灯笼' } },
};

const refs: ContentRefs = {
  npcs: new Set(['mira', 'oren']),
  goals: new Map([['mira', new Set(['trust'])]]),
  tasks: new Set(['find_key']),
  scenes: new Set(['hall']),
  minigames: new Map(Object.entries(minigames).map(([k, v]) => [k, v.kind])),
};

/** Every tag of docs/story-tags.md at least once. */
const STORY = `VAR won = false
VAR goal_reached = false
EXTERNAL has_item(key)
EXTERNAL task_done(key)
The hall is cold. #scene:hall #zh:大厅很冷。 #ja:広間は寒い。
Find the key. #speaker:mira:observe #task_start:find_key
* [Search the desk #zh:搜查书桌 #ja:机を調べる] A key, and a potion. #item_gain:mysterious_key #item_gain:healing_potion:2 #stat:experience:+10
  -> door
* [Wait #zh:等待] You wait. Something bites. #stat:health:-40
  -> door
== door ==
* {has_item("mysterious_key")} [Open the door] The key turns. #item_use:mysterious_key #task_done:find_key #stat:stars:+1
  -> games
* [Knock] Oren answers. #speaker:oren:grin #npc_stat:oren:health:-20
  -> games
== games ==
Order these. #minigame:puzzle:order
{won: Solved.|Not solved.}
Roll against me. #speaker:mira:grin #minigame:dice:duel
{won: You beat Mira.|Mira wins.} #npc_stat:mira:experience:+5
Guess the word. #minigame:word:lamp
{won: Right word.|Wrong word.}
Talk to me. #chat:mira:trust
{goal_reached: She trusts you.|She shrugs.}
The end. #chapter_end
-> END
`;

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

const context = (random = sequence([0.1, 0.7, 0.4, 0.9, 0.3])): StoryContext => ({
  minigames,
  locale: 'en_US',
  random,
});

function expectStatus(fn: () => unknown, status: number) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(status);
    return;
  }
  throw new Error(`expected status ${status}`);
}

function solvePuzzle(save: SaveData, json: string): SaveData {
  const game = save.view.minigame;
  if (game?.kind !== 'puzzle') throw new Error('no puzzle');
  return applyStep(
    save,
    { type: 'minigame_move', move: { slots: game.solution } },
    json,
    context(),
  );
}

describe('story runtime', () => {
  const json = compileChapter(STORY, refs);

  it('applies every tag and pauses for mini-games and conversations', () => {
    let save = startChapterSave(json, newPlayerState(), context());
    expect(save.view.lines.map((l) => l.text)).toEqual([
      { en_US: 'The hall is cold.', zh_CN: '大厅很冷。', ja_JP: '広間は寒い。' },
      { en_US: 'Find the key.' },
    ]);
    expect(save.view.lines[1]).toMatchObject({ speaker: 'mira', expression: 'observe' });
    expect(save.state.scene).toBe('hall');
    expect(save.state.tasks).toEqual({ find_key: false });
    expect(save.state.npcs.mira).toEqual({ health: 100, magic: 50, experience: 0 });
    expect(save.view.choices[0]!.text).toEqual({
      en_US: 'Search the desk',
      zh_CN: '搜查书桌',
      ja_JP: '机を調べる',
    });

    save = applyStep(save, { type: 'choose', choice_index: 0 }, json, context());
    expect(save.state.inventory).toEqual({ mysterious_key: 1, healing_potion: 2 });
    expect(save.state.stats.experience).toBe(10);
    // has_item() shows the door choice only to a player with the key.
    expect(save.view.choices.map((c) => c.text.en_US)).toEqual(['Open the door', 'Knock']);

    save = applyStep(save, { type: 'choose', choice_index: 0 }, json, context());
    expect(save.state.inventory).toEqual({ healing_potion: 2 });
    expect(save.state.tasks.find_key).toBe(true);
    expect(save.state.stats.stars).toBe(1);
    expect(save.view.minigame?.kind).toBe('puzzle');
    expect(save.view.choices).toEqual([]);

    save = solvePuzzle(save, json);
    expect(save.view.outcome).toMatchObject({ kind: 'puzzle', won: true });
    expect(save.view.lines.map((l) => l.text.en_US)).toEqual(['Solved.', 'Roll against me.']);
    expect(save.view.minigame?.kind).toBe('dice');

    // random 0.9 → 6 for the player, 0.1 → 1 for Mira: two wins end the match.
    const winning = () => ({ ...context(sequence([0.9, 0.1])) });
    save = applyStep(save, { type: 'minigame_move', move: { action: 'roll' } }, json, winning());
    expect(save.view.minigame).toMatchObject({ kind: 'dice', player: 1, rival: 0 });
    save = applyStep(save, { type: 'minigame_move', move: { action: 'roll' } }, json, winning());
    expect(save.view.outcome).toMatchObject({
      kind: 'dice',
      won: true,
      rolls: [
        { player: 6, rival: 1 },
        { player: 6, rival: 1 },
      ],
    });
    expect(save.view.lines[0]!.text.en_US).toBe('You beat Mira.');
    expect(save.state.npcs.mira!.experience).toBe(5);

    expect(save.view.minigame).toMatchObject({ kind: 'word', attemptsLeft: 3 });
    save = applyStep(save, { type: 'minigame_move', move: { guess: 'lump' } }, json, context());
    expect(save.view.minigame).toMatchObject({ kind: 'word', attemptsLeft: 2 });
    save = applyStep(save, { type: 'minigame_move', move: { guess: ' LAMP ' } }, json, context());
    expect(save.view.lines.map((l) => l.text.en_US)).toEqual(['Right word.', 'Talk to me.']);
    expect(save.view.conversation).toEqual({ npc: 'mira', goal: 'trust' });

    // The conversation module reports a reached goal; a client's continue never can.
    const trusted = applyStep(save, { type: 'continue', goalReached: true }, json, context());
    expect(trusted.view.lines[0]!.text.en_US).toBe('She trusts you.');
    save = applyStep(save, { type: 'continue' }, json, context());
    expect(save.view.lines.map((l) => l.text.en_US)).toEqual(['She shrugs.', 'The end.']);
    expect(save.view.chapterEnded).toBe(true);
    expect(save.view.summary).toEqual({
      stats: { experience: 10, health: 0, magic: 0, stars: 1 },
      items: { healing_potion: 2 },
      tasksDone: ['find_key'],
    });
  });

  it('judges the puzzle on the server: empty slots, wrong order, and ids it never issued', () => {
    let save = startChapterSave(json, newPlayerState(), context());
    save = applyStep(save, { type: 'choose', choice_index: 1 }, json, context());
    save = applyStep(save, { type: 'choose', choice_index: 0 }, json, context());
    const game = save.view.minigame!;
    if (game.kind !== 'puzzle') throw new Error('expected puzzle');
    const [a, b, c] = game.solution;
    const move = (slots: unknown) => () =>
      applyStep(save, { type: 'minigame_move', move: { slots } }, json, context());
    expectStatus(move([a, null, c]), STATUS.PUZZLE_INCOMPLETE);
    expectStatus(move([b, a, c]), STATUS.PUZZLE_WRONG_ORDER);
    expectStatus(move([a, a, c]), STATUS.MOVE_INVALID);
    expectStatus(move(['x', b, c]), STATUS.MOVE_INVALID);
    expectStatus(
      () => applyStep(save, { type: 'minigame_move', move: { won: true } }, json, context()),
      STATUS.MOVE_INVALID,
    );
    // The shown order is never the solved one, and refused moves change nothing.
    expect(game.pieces.map((p) => p.id)).not.toEqual(game.solution);
    expect(save.view.minigame).toEqual(game);
  });

  it('ignores dice values a client sends: the server rolls both sides', () => {
    let save = startChapterSave(json, newPlayerState(), context());
    save = applyStep(save, { type: 'choose', choice_index: 1 }, json, context());
    save = applyStep(save, { type: 'choose', choice_index: 0 }, json, context());
    save = solvePuzzle(save, json);
    const losing = context(sequence([0.0, 0.95]));
    const forged = { action: 'roll', player: 6, rival: 1, won: true };
    save = applyStep(save, { type: 'minigame_move', move: forged }, json, losing);
    save = applyStep(save, { type: 'minigame_move', move: forged }, json, losing);
    expect(save.view.outcome).toMatchObject({
      won: false,
      rolls: [
        { player: 1, rival: 6 },
        { player: 1, rival: 6 },
      ],
    });
    expect(save.view.lines[0]!.text.en_US).toBe('Mira wins.');
  });

  it('checks choices and items, and armour softens damage', () => {
    const save = startChapterSave(json, newPlayerState(), context());
    expectStatus(
      () => applyStep(save, { type: 'choose', choice_index: 5 }, json, context()),
      STATUS.CHOICE_OUT_OF_RANGE,
    );
    expectStatus(
      () => applyStep(save, { type: 'use_item', item_key: 'healing_potion' }, json, context()),
      STATUS.ITEM_NOT_OWNED,
    );
    expectStatus(
      () => applyStep(save, { type: 'continue' }, json, context()),
      STATUS.NOT_EXPECTED_NOW,
    );

    const armoured = {
      ...save,
      state: {
        ...save.state,
        inventory: { enhanced_armor: 1, mysterious_key: 1, healing_potion: 1 },
      },
    };
    const worn = applyStep(
      armoured,
      { type: 'use_item', item_key: 'enhanced_armor' },
      json,
      context(),
    );
    expect(worn.state.stats.defence).toBe(20);
    expectStatus(
      () => applyStep(worn, { type: 'use_item', item_key: 'mysterious_key' }, json, context()),
      STATUS.ITEM_NOT_USABLE,
    );
    const bitten = applyStep(worn, { type: 'choose', choice_index: 1 }, json, context());
    expect(bitten.view.lines.map((l) => l.text.en_US)).toEqual(['You wait. Something bites.']);
    expect(bitten.state.stats.health).toBe(100 - 32);
    const healed = applyStep(
      bitten,
      { type: 'use_item', item_key: 'healing_potion' },
      json,
      context(),
    );
    expect(healed.state.stats.health).toBe(100);
    expect(healed.state.inventory.healing_potion).toBeUndefined();
  });

  it('an item the story uses takes effect: armour put on in a scene softens its blows', () => {
    const story = compileChapter(
      `A vest hangs by the door. #item_gain:enhanced_armor #item_gain:healing_potion
* [Put it on] You buckle it. #item_use:enhanced_armor
* [Leave it] You leave it.
- The panel sparks. #stat:health:-50
* [Drink the potion] Better. #item_use:healing_potion
-> END`,
      refs,
    );
    const start = startChapterSave(story, newPlayerState(), context());
    const worn = applyStep(start, { type: 'choose', choice_index: 0 }, story, context());
    expect(worn.state.stats).toMatchObject({ defence: 20, health: 60 });
    expect(worn.state.inventory.enhanced_armor).toBeUndefined();
    const bare = applyStep(start, { type: 'choose', choice_index: 1 }, story, context());
    expect(bare.state.stats).toMatchObject({ defence: 0, health: 50 });
    const healed = applyStep(bare, { type: 'choose', choice_index: 0 }, story, context());
    expect(healed.state.stats.health).toBe(100);
    expect(healed.state.inventory).toEqual({ enhanced_armor: 1 });
  });

  it('saves and resumes from JSON, and rewinds to an earlier choice', () => {
    let save = startChapterSave(json, newPlayerState(), context());
    const first = applyStep(save, { type: 'choose', choice_index: 1 }, json, context());
    // A choice hands back the one choice point it adds: the state it was taken from.
    expect(first.added).toMatchObject({ inkState: save.inkState, chosen: { en_US: 'Wait' } });
    save = first;
    // What the database keeps is plain JSON.
    const stored = JSON.parse(JSON.stringify(save)) as SaveData;
    // Without the key only "Knock" is offered.
    expect(stored.view.choices.map((c) => c.text.en_US)).toEqual(['Knock']);
    const resumed = applyStep(stored, { type: 'choose', choice_index: 0 }, json, context());
    expect(resumed.view.lines[0]).toMatchObject({ speaker: 'oren', expression: 'grin' });
    expect(resumed.state.npcs.oren!.health).toBe(80);
    expect(resumed.chosen.map((c) => c.en_US)).toEqual(['Wait', 'Knock']);
    expect(resumed.added?.chosen.en_US).toBe('Knock');

    const back = applyStep(resumed, { type: 'rewind', to_step: 0 }, json, context(), first.added);
    expect(back.chosen).toEqual([]);
    expect(back.state.stats.health).toBe(100);
    expect(back.view.choices.map((c) => c.text.en_US)).toEqual(['Search the desk', 'Wait']);
    const other = applyStep(back, { type: 'choose', choice_index: 0 }, json, context());
    expect(other.state.inventory.mysterious_key).toBe(1);
    expectStatus(
      () => applyStep(back, { type: 'rewind', to_step: 3 }, json, context(), first.added),
      STATUS.STEP_NOT_FOUND,
    );
  });

  it('keeps running a save made on an old story version after the chapter changes', () => {
    let save = startChapterSave(json, newPlayerState(), context());
    save = applyStep(save, { type: 'choose', choice_index: 1 }, json, context());
    const updated = compileChapter(
      STORY.replace('Oren answers.', 'Oren opens, yawning.').replace(
        /^\* \[Wait[^\n]*\n {2}-> door\n/m,
        '',
      ),
      refs,
    );
    expect(updated).not.toEqual(json);
    // The save names its version; the old JSON still runs it to the end.
    const next = applyStep(save, { type: 'choose', choice_index: 0 }, json, context());
    expect(next.view.lines[0]!.text.en_US).toBe('Oren answers.');
    // A new play of the chapter starts on the new version.
    const fresh = startChapterSave(updated, newPlayerState(), context());
    expect(fresh.view.choices.map((c) => c.text.en_US)).toEqual(['Search the desk']);
  });

  it('gives a line a speaker only from its own tag; #portrait shows a face on narration', () => {
    const voices = compileChapter(
      [
        'Oren leans on the door. #portrait:oren:grin',
        'Took you long enough. #speaker:oren:grin',
        'The wind slams it shut.',
        'You shiver. #speaker:mira #portrait:oren:angry',
        '* [Go] Gone.',
      ].join('\n'),
      refs,
    );
    const save = startChapterSave(voices, newPlayerState(), context());
    expect(
      save.view.lines.map(({ speaker, onStage, expression }) => ({ speaker, onStage, expression })),
    ).toEqual([
      { speaker: null, onStage: 'oren', expression: 'grin' },
      { speaker: 'oren', onStage: undefined, expression: 'grin' },
      // Nothing carries over from the line before.
      { speaker: null, onStage: undefined, expression: null },
      // A spoken line shows its speaker, whatever else the line names.
      { speaker: 'mira', onStage: undefined, expression: 'normal' },
    ]);
    // Shown on stage counts as met: the character joins the NPC panel.
    expect(Object.keys(save.state.npcs).sort()).toEqual(['mira', 'oren']);
    expectStatus(() => compileChapter('Hi. #portrait:nobody', refs), STATUS.STORY_INVALID);
    expectStatus(() => compileChapter('Hi. #portrait:player', refs), STATUS.STORY_INVALID);
  });

  it('refuses malformed ink and tags that name nothing', () => {
    expectStatus(() => compileChapter('-> nowhere', refs), STATUS.STORY_INVALID);
    expectStatus(() => compileChapter('Hi. #speaker:nobody', refs), STATUS.STORY_INVALID);
    expectStatus(() => compileChapter('Hi. #stat:luck:+1', refs), STATUS.STORY_INVALID);
    expectStatus(() => compileChapter('Hi. #minigame:dice:order', refs), STATUS.STORY_INVALID);
    try {
      compileChapter('Hi. #speaker:mira:furious', refs);
    } catch (error) {
      expect((error as AppError).detail).toMatch(/line 1: .*expression must be one of/);
    }
  });
});
