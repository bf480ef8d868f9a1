import type { STUDIO_IMPORT_KINDS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { importCard } from '../card/card-import.js';
import type { ImportedContent } from '../draft-rules.js';
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

/**
 * An import never replaces the creator's own files. A single file whose name is taken gets the
 * next free one (`story-2.ink`); a zip's files name each other in INCLUDE, so a zip that would
 * overwrite any file is refused, naming them.
 */
function keepExisting(
  result: ImportedStory,
  taken: ReadonlySet<string>,
  single: boolean,
): ImportedStory {
  const clashes = result.files.filter((f) => taken.has(f.path)).map((f) => f.path);
  if (clashes.length === 0) return result;
  if (!single) throw unreadable(`already in this work: ${clashes.join(', ')}`);
  const file = result.files[0]!;
  const stem = file.path.replace(/\.ink$/, '');
  let path = file.path;
  for (let n = 2; taken.has(path); n++) path = `${stem}-${n}.ink`;
  return {
    ...result,
    files: [{ ...file, path }],
    chapters: result.chapters.map((c) => ({ ...c, file: path })),
  };
}

/**
 * Reads an upload of the given kind into what the work gains. `taken` holds the work's file paths
 * and character keys already in use.
 */
export function convertUpload(
  kind: ImportKind,
  bytes: Uint8Array,
  name: string | undefined,
  taken: { paths: ReadonlySet<string>; keys: ReadonlySet<string> },
): ConvertedUpload {
  if (bytes.length === 0) throw unreadable('the file is empty');
  if (bytes.length > STUDIO_LIMITS.importMaxBytes)
    throw unreadable(`larger than ${STUDIO_LIMITS.importMaxBytes / 1024 / 1024} MB`);
  switch (kind) {
    case 'ink':
      return story(keepExisting(importInkFile(bytes, name), taken.paths, true));
    case 'ink_zip':
      return story(keepExisting(importInkZip(bytes), taken.paths, false));
    case 'ink_json':
      return story(keepExisting(importInkJson(bytes, name), taken.paths, true));
    case 'twee':
      return story(keepExisting(importTwee(bytes, name), taken.paths, true));
    case 'card': {
      const { character, unconverted } = importCard(bytes, taken.keys);
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
