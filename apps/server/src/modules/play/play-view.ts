import type { ChapterInfo, PlayState } from '@taleforge/contracts';
import { ITEM_KEYS, type Locale } from '@taleforge/contracts/constants';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import { localize } from '../games/index.js';
import type { ChapterRow, GameContent } from './content-queries.js';
import { isUsableFromInventory } from './items.js';
import type { SaveData } from './step.js';

export interface ViewInput {
  gameId: number;
  chapter: ChapterRow;
  storyVersion: number;
  seq: number;
  save: SaveData;
  content: GameContent;
  /** The mini-games frozen with the save's chapter version; null: the game's own. */
  minigames: Record<string, MinigameSpec> | null;
  nextChapter: ChapterInfo | null;
}

export function toChapterInfo(
  chapter: ChapterRow,
  locale: Locale,
  unlocked: boolean,
  completed: boolean,
): ChapterInfo {
  return {
    id: chapter.id,
    position: chapter.position,
    title: localize(chapter.title, locale),
    price_gems: chapter.priceGems,
    unlocked,
    completed,
  };
}

/** The only way a save leaves the server: secrets of a mini-game (answers, solutions) stay behind. */
export function toPlayState(input: ViewInput, locale: Locale): PlayState {
  const { save, content } = input;
  const { state, view } = save;
  const npcByKey = new Map(content.npcs.map((n) => [n.key, n]));
  const npcName = (key: string) => {
    const npc = npcByKey.get(key);
    return npc ? localize(npc.name, locale) : key;
  };
  const taskTitle = (key: string) => {
    const task = content.tasks.find((t) => t.key === key);
    return task ? localize(task.title, locale) : key;
  };
  const spec = (key: string) =>
    input.minigames ? input.minigames[key] : content.minigames.find((m) => m.key === key)?.spec;

  let minigame: PlayState['minigame'] = null;
  const game = view.minigame;
  if (game?.kind === 'puzzle') {
    const puzzle = spec(game.key);
    const pieces = puzzle?.kind === 'puzzle' ? puzzle.pieces : [];
    minigame = {
      kind: 'puzzle',
      key: game.key,
      prompt: puzzle?.kind === 'puzzle' ? localize(puzzle.prompt, locale) : '',
      pieces: game.pieces.map((p) => ({
        id: p.id,
        label: pieces[p.index] ? localize(pieces[p.index]!, locale) : '',
      })),
    };
  } else if (game?.kind === 'dice') {
    minigame = {
      kind: 'dice',
      key: game.key,
      opponent_name: npcName(game.opponent),
      opponent_npc_id: npcByKey.get(game.opponent)?.id ?? null,
      target: game.target,
      player: game.player,
      rival: game.rival,
      rolls: game.rolls,
    };
  } else if (game?.kind === 'word') {
    const word = spec(game.key);
    minigame = {
      kind: 'word',
      key: game.key,
      clue: word?.kind === 'word' ? localize(word.clue, locale) : '',
      tiles: game.tiles,
      attempts_left: game.attemptsLeft,
      misses: game.misses ?? [],
    };
  }

  const conversation = view.conversation;
  const goal = conversation ? npcByKey.get(conversation.npc)?.goals[conversation.goal] : undefined;

  return {
    game_id: input.gameId,
    chapter_id: input.chapter.id,
    chapter_title: localize(input.chapter.title, locale),
    story_version: input.storyVersion,
    chapter_updated: input.storyVersion < input.chapter.version,
    seq: input.seq,
    scene: state.scene,
    lines: view.lines.map((line) => {
      // The face on stage: whoever speaks, or the character a narrated line shows.
      const shown = line.speaker ?? line.onStage ?? null;
      return {
        text: localize(line.text, locale),
        speaker: line.speaker,
        speaker_name: line.speaker && line.speaker !== 'player' ? npcName(line.speaker) : null,
        npc_id: shown ? (npcByKey.get(shown)?.id ?? null) : null,
        expression: line.expression,
        ...(line.tags ? { tags: line.tags } : {}),
      };
    }),
    line_seen: Math.min(view.lineSeen ?? 0, Math.max(view.lines.length - 1, 0)),
    choices: view.choices.map((c) => ({
      index: c.index,
      text: localize(c.text, locale),
      ...(c.tags ? { tags: c.tags } : {}),
    })),
    stats: {
      experience: state.stats.experience,
      health: state.stats.health,
      magic: state.stats.magic,
      stars: state.stats.stars,
      defence: state.stats.defence,
    },
    // jsonb keeps no key order: lists follow the catalogue's order.
    inventory: ITEM_KEYS.filter((key) => (state.inventory[key] ?? 0) > 0).map((key) => ({
      key,
      count: state.inventory[key]!,
      usable: isUsableFromInventory(key),
    })),
    tasks: content.tasks
      .filter((t) => t.key in state.tasks)
      .map((t) => ({
        key: t.key,
        title: localize(t.title, locale),
        done: state.tasks[t.key] === true,
      })),
    npcs: content.npcs
      .filter((npc) => state.npcs[npc.key])
      .map((npc) => ({
        npc_id: npc.id,
        key: npc.key,
        name: localize(npc.name, locale),
        ...state.npcs[npc.key]!,
      })),
    minigame,
    outcome: view.outcome
      ? {
          kind: view.outcome.kind,
          won: view.outcome.won,
          ...(view.outcome.rolls ? { rolls: view.outcome.rolls } : {}),
        }
      : null,
    conversation:
      conversation && npcByKey.has(conversation.npc)
        ? {
            npc_id: npcByKey.get(conversation.npc)!.id,
            npc_name: npcName(conversation.npc),
            goal: conversation.goal,
            goal_text: goal ? localize(goal.description, locale) : '',
          }
        : null,
    history: save.chosen.map((chosen, step) => ({ step, choice: localize(chosen, locale) })),
    chapter_ended: view.chapterEnded,
    summary: view.summary
      ? {
          stats: view.summary.stats,
          items: ITEM_KEYS.filter((key) => view.summary!.items[key]).map((key) => ({
            key,
            count: view.summary!.items[key]!,
          })),
          tasks_done: view.summary.tasksDone.map(taskTitle),
        }
      : null,
    next_chapter: input.nextChapter,
  };
}
