import type { CALLS, CallBody, StudioCharacter, StudioWork } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../platform/http/app-error.js';
import type { WorkRow } from './work-queries.js';

export type WorkUpdate = CallBody<typeof CALLS.studioWorkUpdate>;
export type WorkChapter = StudioWork['chapters'][number];

/** What an import adds to a work in one revision (files by path; same path replaces). */
export interface ImportedContent {
  files: Record<string, string>;
  chapters: WorkChapter[];
  characters: StudioCharacter[];
}

export const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** 6516 when two characters, tasks or mini-games of the draft share a key. */
export function assertUniqueKeys(draft: Pick<WorkRow, 'characters' | 'tasks' | 'minigames'>) {
  for (const list of [draft.characters, draft.tasks, draft.minigames]) {
    const keys = list.map((item) => item.key);
    const twice = keys.find((key, i) => keys.indexOf(key) !== i);
    if (twice !== undefined) throw new AppError(STATUS.STUDIO_DUPLICATE_KEY, twice);
  }
}

/** An import must leave the work within the contract's limits, like an update would. */
export function assertWithinLimits(draft: Pick<WorkRow, 'chapters' | 'characters'>) {
  if (draft.chapters.length > STUDIO_LIMITS.chaptersMax) {
    throw new AppError(STATUS.STUDIO_IMPORT_UNREADABLE, `> ${STUDIO_LIMITS.chaptersMax} chapters`);
  }
  if (draft.characters.length > STUDIO_LIMITS.charactersMax) {
    throw new AppError(
      STATUS.STUDIO_IMPORT_UNREADABLE,
      `> ${STUDIO_LIMITS.charactersMax} characters`,
    );
  }
}
