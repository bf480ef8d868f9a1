import type { Expression } from '@taleforge/contracts/constants';
import type { LocalizedText } from './games.js';

/*
 * The shape of what a save keeps (game_saves.state and .view, game_save_steps): the play module's story
 * runtime writes it, and the table is typed by it, so it sits beside the table rather than in the
 * module (platform code imports no module).
 */

export const STAT_KEYS = ['experience', 'health', 'magic', 'stars'] as const;
export type StatKey = (typeof STAT_KEYS)[number];
export const NPC_STAT_KEYS = ['health', 'magic', 'experience'] as const;
export type NpcStatKey = (typeof NPC_STAT_KEYS)[number];

export type Stats = Record<StatKey, number> & { defence: number };
export type NpcStatus = Record<NpcStatKey, number>;

/** What a player carries from chapter to chapter. */
export interface PlayerState {
  stats: Stats;
  inventory: Record<string, number>;
  /** task key → done */
  tasks: Record<string, boolean>;
  /** npc key → status; an NPC appears once met (spoken or named by a tag). */
  npcs: Record<string, NpcStatus>;
  scene: string | null;
  /** Stats and inventory when the chapter began: the chapter-end summary is the difference. */
  chapterStart: { stats: Stats; inventory: Record<string, number>; tasksDone: string[] };
}

export interface ViewLine {
  text: LocalizedText;
  /** Who says the line: a character's key, `player`, or null for narration. Only its own tags set it. */
  speaker: string | null;
  /** A character shown on stage while the line is narrated (`#portrait`); never a speaker. */
  onStage?: string;
  expression: Expression | null;
  /** The line's tags outside our vocabulary, as ink gives them; absent when there are none. */
  tags?: string[];
}

export interface ViewChoice {
  index: number;
  text: LocalizedText;
  /** The choice's tags outside our vocabulary, as ink gives them; absent when there are none. */
  tags?: string[];
}

export type MinigameState =
  | {
      kind: 'puzzle';
      key: string;
      /** Public piece ids in shown order; `solution` is the id order that wins (never sent). */
      pieces: { id: string; index: number }[];
      solution: string[];
      attempts: number;
    }
  | {
      kind: 'dice';
      key: string;
      opponent: string;
      target: number;
      player: number;
      rival: number;
      rolls: { player: number; rival: number }[];
    }
  | {
      kind: 'word';
      key: string;
      locale: string;
      tiles: string[];
      /** Never sent. */
      answer: string;
      attemptsLeft: number;
      /** Wrong guesses so far, as typed (saves from before this field have none). */
      misses?: string[];
    };

export interface MinigameOutcome {
  kind: MinigameState['kind'];
  key: string;
  won: boolean;
  rolls?: { player: number; rival: number }[];
}

export interface ChapterSummary {
  stats: Record<StatKey, number>;
  items: Record<string, number>;
  tasksDone: string[];
}

/** What the player sees now: kept with the save so a reload shows the same screen. */
export interface StoryView {
  lines: ViewLine[];
  /**
   * The furthest of `lines` the player has seen, so a reload resumes there rather than at the
   * first line after the last choice. A step that brings new lines starts it again at 0.
   */
  lineSeen?: number;
  choices: ViewChoice[];
  minigame: MinigameState | null;
  /** The last finished mini-game, shown once with the lines that follow it. */
  outcome: MinigameOutcome | null;
  conversation: { npc: string; goal: string } | null;
  chapterEnded: boolean;
  summary: ChapterSummary | null;
}

/** A choice point of the current chapter, restored by rewind. */
export interface Snapshot {
  inkState: string;
  state: PlayerState;
  view: StoryView;
  /** The choice taken from here (for the rewind list). */
  chosen: LocalizedText;
}
