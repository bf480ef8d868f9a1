import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { gameSaveSteps, gameSaves, type LocalizedText } from '../../platform/db/schema/index.js';

/** One choice point of a save's current chapter: where the story stood and what was picked. */
export interface ChoiceTaken {
  knot: string;
  chosen: LocalizedText;
}

/** What creator analytics learns from one player's save of a game (decision 41). */
export interface SavePlay {
  chapterId: number;
  completedChapters: number[];
  /** The current chapter has reached its end. */
  ended: boolean;
  /** The knot (or knot.stitch) the save stands in; '' before the first knot. */
  knot: string;
  updatedAt: Date;
  /** The current chapter's choices, oldest first (earlier chapters keep none). */
  choices: ChoiceTaken[];
}

/**
 * The knot of a saved ink state: the path of the choices on offer, else the last content read.
 * Paths look like `harbour.night.0.c-1`; the named parts before the first index are the knot.
 */
export function knotOfInkState(inkState: string): string {
  try {
    const state = JSON.parse(inkState) as {
      currentFlowName?: string;
      flows?: Record<string, FlowJson>;
    };
    const flow = state.flows?.[state.currentFlowName ?? 'DEFAULT_FLOW'];
    const path =
      flow?.currentChoices?.[0]?.originalChoicePath ??
      flow?.callstack?.threads?.at(-1)?.previousContentObject ??
      '';
    return knotOfPath(path);
  } catch {
    return '';
  }
}

type FlowJson = {
  currentChoices?: { originalChoicePath?: string }[];
  callstack?: { threads?: { previousContentObject?: string }[] };
};

function knotOfPath(path: string): string {
  const named: string[] = [];
  for (const part of path.split('.')) {
    if (/^\d/.test(part) || /^[cg]-\d/.test(part) || part.startsWith('$')) break;
    named.push(part);
  }
  return named.join('.');
}

/** Every save of a game touched since `since` (all when null), with its current chapter's choices. */
export async function readSavePlays(
  db: Db,
  gameId: number,
  since: Date | null,
): Promise<SavePlay[]> {
  const saves = await db
    .select({
      id: gameSaves.id,
      chapterId: gameSaves.chapterId,
      completedChapters: gameSaves.completedChapters,
      inkState: gameSaves.inkState,
      view: gameSaves.view,
      chosen: gameSaves.chosen,
      updatedAt: gameSaves.updatedAt,
    })
    .from(gameSaves)
    .where(
      since
        ? and(eq(gameSaves.gameId, gameId), gte(gameSaves.updatedAt, since))
        : eq(gameSaves.gameId, gameId),
    );
  if (saves.length === 0) return [];
  const steps = await db
    .select({
      saveId: gameSaveSteps.saveId,
      step: gameSaveSteps.step,
      inkState: gameSaveSteps.inkState,
    })
    .from(gameSaveSteps)
    .where(
      inArray(
        gameSaveSteps.saveId,
        saves.map((s) => s.id),
      ),
    )
    .orderBy(asc(gameSaveSteps.saveId), asc(gameSaveSteps.step));
  const knotsBySave = new Map<number, Map<number, string>>();
  for (const step of steps) {
    const knots = knotsBySave.get(step.saveId) ?? new Map<number, string>();
    knots.set(step.step, knotOfInkState(step.inkState));
    knotsBySave.set(step.saveId, knots);
  }
  return saves.map((save) => {
    const knots = knotsBySave.get(save.id);
    return {
      chapterId: save.chapterId,
      completedChapters: save.completedChapters,
      ended: save.view.chapterEnded,
      knot: knotOfInkState(save.inkState),
      updatedAt: save.updatedAt,
      choices: save.chosen.flatMap((chosen, step) => {
        const knot = knots?.get(step);
        return knot === undefined ? [] : [{ knot, chosen }];
      }),
    };
  });
}
