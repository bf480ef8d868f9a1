import { STATUS } from '@taleforge/contracts/status';
import type { LocalizedText } from '../../platform/db/schema/index.js';
import type { PlayerState, Snapshot, StoryView } from '../../platform/db/schema/save-state.js';
import { AppError } from '../../platform/http/app-error.js';
import { applyItem, isItemKey, isUsableFromInventory } from './items.js';
import { playMove } from './minigames.js';
import { type StoryContext, StorySession } from './story-runtime.js';

/**
 * The part of a save one step reads and rewrites. Of the chapter's choice points it holds only
 * the choices taken (the rewind list): the points themselves stay in the database, one row each.
 */
export interface SaveData {
  inkState: string;
  state: PlayerState;
  view: StoryView;
  /** The choices taken in this chapter, oldest first; rewind takes an index into it. */
  chosen: LocalizedText[];
}

/** A step's new save, and the choice point a choice adds (at index `chosen.length - 1`). */
export interface StepResult extends SaveData {
  added?: Snapshot;
}

export type StepEvent =
  /** `goalReached` only ever comes from the server's conversation module, never from a client. */
  | { type: 'continue'; goalReached?: boolean }
  | { type: 'choose'; choice_index: number }
  | { type: 'use_item'; item_key: string }
  | { type: 'minigame_move'; move: Record<string, unknown> }
  | { type: 'rewind'; to_step: number };

function notNow(): never {
  throw new AppError(STATUS.NOT_EXPECTED_NOW);
}

/** Begins a chapter for a player carrying `state` from earlier chapters. */
export function startChapterSave(
  storyJson: string,
  state: PlayerState,
  context: StoryContext,
): SaveData {
  const session = StorySession.startChapter(storyJson, state, context);
  return { inkState: session.inkState, state: session.state, view: session.view, chosen: [] };
}

/**
 * Plays one event on a save and returns the new save; the given one is never modified, so a
 * refused event (an AppError) leaves nothing half-done. A rewind needs the choice point it goes
 * back to, `rewindTo` (the caller reads that one row).
 */
export function applyStep(
  save: SaveData,
  event: StepEvent,
  storyJson: string,
  context: StoryContext,
  rewindTo: Omit<Snapshot, 'chosen'> | null = null,
): StepResult {
  const open = () => new StorySession(storyJson, save.inkState, save.state, save.view, context);
  const finish = (session: StorySession, chosen = save.chosen): SaveData => ({
    inkState: session.inkState,
    state: session.state,
    view: session.view,
    chosen,
  });

  switch (event.type) {
    case 'choose': {
      const { view } = save;
      if (view.minigame || view.conversation || view.chapterEnded) notNow();
      const choice = view.choices.find((c) => c.index === event.choice_index);
      if (!choice) throw new AppError(STATUS.CHOICE_OUT_OF_RANGE);
      const snapshot: Snapshot = {
        inkState: save.inkState,
        state: save.state,
        view: save.view,
        chosen: choice.text,
      };
      const session = open();
      session.choose(event.choice_index);
      return { ...finish(session, [...save.chosen, choice.text]), added: snapshot };
    }
    case 'continue': {
      if (!save.view.conversation) notNow();
      const session = open();
      session.continueAfterConversation(event.goalReached === true);
      return finish(session);
    }
    case 'use_item': {
      if (save.view.chapterEnded) notNow();
      const key = event.item_key;
      if (!isItemKey(key) || (save.state.inventory[key] ?? 0) < 1) {
        throw new AppError(STATUS.ITEM_NOT_OWNED);
      }
      if (!isUsableFromInventory(key)) throw new AppError(STATUS.ITEM_NOT_USABLE);
      const state = structuredClone(save.state);
      applyItem(state, key);
      return { ...save, state };
    }
    case 'minigame_move': {
      const current = save.view.minigame;
      if (!current) notNow();
      const result = playMove(current, event.move, context.random);
      const session = open();
      session.view.minigame = result.game;
      if (result.won !== null) session.finishMinigame(result.won);
      return finish(session);
    }
    case 'rewind': {
      if (event.to_step >= save.chosen.length || !rewindTo) {
        throw new AppError(STATUS.STEP_NOT_FOUND);
      }
      return {
        inkState: rewindTo.inkState,
        state: rewindTo.state,
        view: rewindTo.view,
        chosen: save.chosen.slice(0, event.to_step),
      };
    }
  }
}
