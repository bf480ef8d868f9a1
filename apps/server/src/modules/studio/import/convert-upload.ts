import type { STUDIO_IMPORT_KINDS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { importCard } from '../card/card-import.js';
import type { ImportedContent } from '../studio-service.js';
import { unreadable } from './import-error.js';
import type { ImportedStory } from './import-result.js';
import { importInkJson } from './ink-json.js';
import { importInkFile, importInkZip } from './ink-source.js';
import { importTwee } from './twee/twee-to-ink.js';

export type ImportKind = (typeof STUDIO_IMPORT_KINDS)[number];

/** An upload converted: what the work gains, and what could not be converted. */
export interface ConvertedUpload {
  content: ImportedContent;
  unconverted: { where: string; what: string }[];
}

function story(result: ImportedStory): ConvertedUpload {
  return {
    content: {
      files: Object.fromEntries(result.files.map((f) => [f.path, f.source])),
      // Imported chapters start free: the creator sets prices in the studio.
      chapters: result.chapters.map((c) => ({
        title: { en_US: c.title.slice(0, 80) },
        file: c.file,
        price_gems: 0,
      })),
      characters: [],
      ...(result.title
        ? { title: { en_US: result.title.slice(0, STUDIO_LIMITS.titleMaxChars) } }
        : {}),
    },
    unconverted: result.unconverted,
  };
}

/** Reads an upload of the given kind; `takenKeys` are the work's character keys already in use. */
export function convertUpload(
  kind: ImportKind,
  bytes: Uint8Array,
  name: string | undefined,
  takenKeys: ReadonlySet<string>,
): ConvertedUpload {
  if (bytes.length === 0) throw unreadable('the file is empty');
  if (bytes.length > STUDIO_LIMITS.importMaxBytes)
    throw unreadable(`larger than ${STUDIO_LIMITS.importMaxBytes / 1024 / 1024} MB`);
  switch (kind) {
    case 'ink':
      return story(importInkFile(bytes, name));
    case 'ink_zip':
      return story(importInkZip(bytes));
    case 'ink_json':
      return story(importInkJson(bytes, name));
    case 'twee':
      return story(importTwee(bytes, name));
    case 'card': {
      const { character, unconverted } = importCard(bytes, takenKeys);
      return {
        content: { files: {}, chapters: [], characters: [character] },
        unconverted: unconverted.map((u) => ({
          where: `${character.key}: ${u.where}`,
          what: u.what,
        })),
      };
    }
  }
}
