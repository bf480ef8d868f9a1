import { LIMITS } from '@taleforge/contracts/constants';
import { Story } from 'inkjs';
import { ErrorType } from 'inkjs/engine/Error';
import { LRUCache } from 'lru-cache';
import type { LocalizedText, MinigameSpec } from '../../platform/db/schema/index.js';
import {
  type ChapterSummary,
  type PlayerState,
  STAT_KEYS,
  type StoryView,
  type ViewLine,
} from '../../platform/db/schema/save-state.js';
import { applyItem } from './items.js';
import { startMinigame } from './minigames.js';
import { emptyView, MAX_HEALTH, MAX_MAGIC, newNpcStatus } from './state.js';
import { BOUND_FUNCTIONS } from './story-functions.js';
import { parseTag, type Tag } from './tags.js';

/** What the runtime needs to know of a game beyond the story itself. */
export interface StoryContext {
  minigames: Record<string, MinigameSpec>;
  locale: string;
  random: () => number;
  /** Hears every line as ink wrote it, with all its tags (the studio's preview). */
  onLine?: (text: string, tags: string[]) => void;
}

/** Ink variables the runtime writes after a mini-game or a conversation, if the story declares them. */
export const WON_VARIABLE = 'won';
export const GOAL_VARIABLE = 'goal_reached';

/** Lines one step may produce at most: a story looping without a choice is a content fault. */
const MAX_LINES_PER_STEP = 500;

export class StoryLoopError extends Error {}

/** A line of any real story comes in well under a millisecond; this long means a loop. */
const CONTINUE_BUDGET_MS = 1_000;

/** Ink stopped one player's step with a runtime error: the step is refused and nothing is kept. */
export class InkRuntimeError extends Error {
  constructor(
    /** Where the failing part of the step began: the ink names no place once it has stopped. */
    readonly inkPath: string | null,
    readonly inkErrors: string[],
  ) {
    super(inkErrors.join('; '));
    this.name = 'InkRuntimeError';
  }
}

type InkChoice = { index: number; text: string; tags: string[] | null };

/**
 * Building a Story from its JSON is the costly part of a step (about 14 times loading a save into
 * a built one), so each compiled story is built once and reused: a step loads its save's ink state
 * into it, runs synchronously, and reads the state back out. (One thread: no two steps ever hold
 * the same Story at once.) What one step leaves behind must never reach another player's: ink's
 * errors go to `errors` instead of staying in the story's state, and a step that failed in any way
 * drops its Story, so the next step builds a clean one.
 */
interface LoadedStory {
  story: Story;
  /** The player state the bound functions read: the session currently running. */
  player: { state: PlayerState | null };
  /** Ink's runtime errors of the running step (its warnings do not stop a story). */
  errors: string[];
}

/**
 * Built stories by their JSON, the least recently played going first. 128 holds every chapter in
 * play at once; no lifetime, since a story built again from the same JSON is the same story.
 */
const pool = new LRUCache<string, LoadedStory>({ max: 128 });

function loadStory(storyJson: string): LoadedStory {
  const found = pool.get(storyJson);
  if (found) return found;
  const story = new Story(storyJson);
  const loaded: LoadedStory = { story, player: { state: null }, errors: [] };
  // An EXTERNAL the server does not bind runs the story's ink fallback (checked at publish).
  story.allowExternalFunctionFallbacks = true;
  story.onError = (message: string, type: ErrorType) => {
    if (type !== ErrorType.Warning) loaded.errors.push(message);
  };
  const bound: Record<(typeof BOUND_FUNCTIONS)[number], (key: string) => boolean> = {
    has_item: (key) => (loaded.player.state?.inventory[key] ?? 0) > 0,
    task_done: (key) => loaded.player.state?.tasks[key] === true,
  };
  for (const name of BOUND_FUNCTIONS) story.BindExternalFunction(name, bound[name], true);
  pool.set(storyJson, loaded);
  return loaded;
}

/** Forgets a Story a failed step may have left half-way: ink does not promise it is reusable. */
function discardStory(storyJson: string, loaded: LoadedStory): void {
  if (pool.get(storyJson) === loaded) pool.delete(storyJson);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function localizedLine(text: string, tags: Tag[]): LocalizedText {
  const out: LocalizedText = { en_US: text };
  for (const tag of tags) if (tag.kind === 'translation') out[tag.locale] = tag.text;
  return out;
}

/** Tags that are not ours go to the page unchanged (it may show a CLASS, an IMAGE…). */
function passedTags(tags: Tag[]): { tags?: string[] } {
  const other = tags.flatMap((t) => (t.kind === 'other' ? [t.text] : []));
  return other.length ? { tags: other } : {};
}

/**
 * One chapter's story loaded for one step. Works on copies: the caller keeps the saved values
 * untouched until it decides to write the new ones.
 */
export class StorySession {
  readonly story: Story;
  readonly state: PlayerState;
  view: StoryView;
  private readonly loaded: LoadedStory;

  constructor(
    private readonly storyJson: string,
    inkState: string | null,
    state: PlayerState,
    view: StoryView,
    private readonly context: StoryContext,
  ) {
    this.loaded = loadStory(storyJson);
    this.story = this.loaded.story;
    this.state = clone(state);
    this.view = clone(view);
    this.loaded.player.state = this.state;
    this.loaded.errors = [];
    this.guarded(() => {
      this.story.ResetErrors();
      if (inkState) this.story.state.LoadJson(inkState);
      else this.story.ResetState();
    });
  }

  static startChapter(storyJson: string, state: PlayerState, context: StoryContext): StorySession {
    const fresh = clone(state);
    fresh.chapterStart = {
      stats: { ...fresh.stats },
      inventory: { ...fresh.inventory },
      tasksDone: Object.keys(fresh.tasks).filter((k) => fresh.tasks[k]),
    };
    fresh.scene = null;
    const session = new StorySession(storyJson, null, fresh, emptyView(), context);
    session.run();
    return session;
  }

  get inkState(): string {
    return this.story.state.ToJson();
  }

  /** Runs the story until it waits for the player: a choice, a mini-game, a conversation, or the end. */
  run(): void {
    this.guarded(() => this.runStory());
  }

  /** Any failure drops the Story: the next step, whoever's, starts on a clean one. */
  private guarded(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      discardStory(this.storyJson, this.loaded);
      throw error;
    }
  }

  /**
   * One `Continue` that stops the step when ink reports an error instead of going on past it, and
   * when the line does not come within CONTINUE_BUDGET_MS: a story that loops without text (a
   * divert to itself compiles cleanly) would otherwise hold the process for good.
   */
  private continueLine(): string {
    const inkPath = this.story.state.currentPathString;
    this.story.ContinueAsync(CONTINUE_BUDGET_MS);
    if (!this.story.asyncContinueComplete) {
      throw new StoryLoopError(`no line within ${CONTINUE_BUDGET_MS} ms at ${inkPath}`);
    }
    if (this.loaded.errors.length > 0) throw new InkRuntimeError(inkPath, this.loaded.errors);
    return this.story.currentText ?? '';
  }

  private runStory(): void {
    const startInk = this.inkState;
    const before = this.conditionState();
    const lines: ViewLine[] = [];
    this.view.choices = [];
    this.view.conversation = null;
    while (this.story.canContinue) {
      if (lines.length >= MAX_LINES_PER_STEP)
        throw new StoryLoopError('story produced too many lines');
      const text = this.continueLine().trim();
      const rawTags = this.story.currentTags ?? [];
      this.context.onLine?.(text, rawTags);
      const tags = rawTags.map(parseTag);
      const line = this.applyTags(tags);
      if (text) lines.push({ ...line, text: localizedLine(text, tags), ...passedTags(tags) });
      if (this.view.minigame || this.view.conversation) break;
      if (this.view.chapterEnded) break;
    }
    this.view.lines = lines;
    delete this.view.lineSeen;
    if (this.view.minigame || this.view.conversation) return;
    if (!this.view.chapterEnded) {
      // Ink evaluates a choice's condition while it runs the lines before it, before their tags
      // took effect; when those tags changed what has_item()/task_done() read, evaluate again.
      if (this.conditionState() !== before) this.replayForChoices(startInk);
      if (this.story.currentChoices.length > LIMITS.storyChoicesMax) {
        throw new StoryLoopError(`story offers more than ${LIMITS.storyChoicesMax} choices`);
      }
      this.view.choices = this.story.currentChoices.map((choice: InkChoice) => {
        const tags = (choice.tags ?? []).map(parseTag);
        return { index: choice.index, text: localizedLine(choice.text, tags), ...passedTags(tags) };
      });
      if (this.view.choices.length === 0) this.view.chapterEnded = true;
    }
    if (this.view.chapterEnded) {
      this.view.choices = [];
      this.view.summary = this.summary();
    }
  }

  private conditionState(): string {
    return JSON.stringify([this.state.inventory, this.state.tasks]);
  }

  /** Runs the same lines again from `inkState` without their effects, to refresh the choices. */
  private replayForChoices(inkState: string): void {
    this.story.state.LoadJson(inkState);
    let guard = 0;
    while (this.story.canContinue && guard++ < MAX_LINES_PER_STEP) this.continueLine();
  }

  /** The caller has checked the index against the choices on screen. */
  choose(index: number): void {
    this.view.outcome = null;
    this.guarded(() => this.story.ChooseChoiceIndex(index));
    this.run();
  }

  /** A mini-game finished: the story reads `won` and goes on. */
  finishMinigame(won: boolean): void {
    const game = this.view.minigame;
    this.view.minigame = null;
    if (game) {
      this.view.outcome = {
        kind: game.kind,
        key: game.key,
        won,
        ...(game.kind === 'dice' ? { rolls: game.rolls } : {}),
      };
    }
    this.setVariable(WON_VARIABLE, won);
    this.run();
  }

  /** The player leaves the offered conversation (or comes back from it) and the story goes on. */
  continueAfterConversation(goalReached: boolean): void {
    this.view.outcome = null;
    this.setVariable(GOAL_VARIABLE, goalReached);
    this.run();
  }

  private setVariable(name: string, value: boolean): void {
    this.guarded(() => {
      if (this.story.variablesState.GlobalVariableExistsWithName(name)) {
        this.story.variablesState.$(name, value);
      }
    });
  }

  private meet(npc: string): void {
    this.state.npcs[npc] ??= newNpcStatus();
  }

  /** Applies a line's effects and returns who says it. */
  private applyTags(tags: Tag[]): Omit<ViewLine, 'text'> {
    // Built fresh for every line: a speaker never carries over to the next line.
    const line: Omit<ViewLine, 'text'> = { speaker: null, expression: null };
    let stage: { npc: string; expression: ViewLine['expression'] } | null = null;
    const s = this.state;
    for (const tag of tags) {
      switch (tag.kind) {
        case 'speaker':
          line.speaker = tag.npc;
          line.expression = tag.expression;
          if (tag.npc !== 'player') this.meet(tag.npc);
          break;
        case 'portrait':
          stage = { npc: tag.npc, expression: tag.expression };
          this.meet(tag.npc);
          break;
        case 'scene':
          s.scene = tag.key;
          break;
        case 'task_start':
          s.tasks[tag.key] ??= false;
          break;
        case 'task_done':
          s.tasks[tag.key] = true;
          break;
        case 'item_gain':
          s.inventory[tag.key] = (s.inventory[tag.key] ?? 0) + tag.count;
          break;
        case 'item_use':
          // Used in the story as from the inventory: armour put on protects, a potion heals.
          applyItem(s, tag.key);
          break;
        case 'stat': {
          // Armour softens every blow the story deals.
          const amount =
            tag.stat === 'health' && tag.delta < 0
              ? Math.round(tag.delta * (1 - s.stats.defence / 100))
              : tag.delta;
          const max =
            tag.stat === 'health' ? MAX_HEALTH : tag.stat === 'magic' ? MAX_MAGIC : Infinity;
          s.stats[tag.stat] = Math.max(0, Math.min(max, s.stats[tag.stat] + amount));
          break;
        }
        case 'npc_stat': {
          this.meet(tag.npc);
          const status = s.npcs[tag.npc]!;
          status[tag.stat] = Math.max(
            0,
            Math.min(tag.stat === 'experience' ? Infinity : 100, status[tag.stat] + tag.delta),
          );
          break;
        }
        case 'minigame':
          this.view.minigame = startMinigame(tag.game, tag.key, this.context);
          break;
        case 'chat':
          this.meet(tag.npc);
          this.view.conversation = { npc: tag.npc, goal: tag.goal };
          break;
        case 'chapter_end':
          this.view.chapterEnded = true;
          break;
        case 'translation':
        case 'other':
          break;
      }
    }
    // A narrated line may show a character; a spoken one shows its speaker.
    if (stage && !line.speaker) {
      line.onStage = stage.npc;
      line.expression = stage.expression;
    }
    return line;
  }

  private summary(): ChapterSummary {
    const start = this.state.chapterStart;
    const stats = Object.fromEntries(
      STAT_KEYS.map((k) => [k, this.state.stats[k] - start.stats[k]]),
    ) as ChapterSummary['stats'];
    const items: Record<string, number> = {};
    for (const [k, n] of Object.entries(this.state.inventory)) {
      const gained = n - (start.inventory[k] ?? 0);
      if (gained > 0) items[k] = gained;
    }
    const tasksDone = Object.keys(this.state.tasks).filter(
      (k) => this.state.tasks[k] && !start.tasksDone.includes(k),
    );
    return { stats, items, tasksDone };
  }
}
