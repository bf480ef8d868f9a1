import type { StudioCharacter } from '@taleforge/contracts';

/** One ink file as the work keeps it: a path within the work and its text. */
export interface ImportedFile {
  path: string;
  source: string;
}

/** A converted story: what the work gains. The service adds it to the work in one change. */
export interface ImportedStory {
  files: ImportedFile[];
  chapters: { title: string; file: string }[];
  /** The imported work's own title (Twee's StoryTitle), when it names one. */
  title?: string;
  /** What could not be converted, per passage or field: shown to the creator, never dropped. */
  unconverted: { where: string; what: string }[];
}

/** A converted character card. */
export interface ImportedCharacter {
  character: StudioCharacter;
  unconverted: { where: string; what: string }[];
}
