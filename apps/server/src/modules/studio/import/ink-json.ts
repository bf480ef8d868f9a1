import path from 'node:path';
import { Story } from 'inkjs';
import { decodeText, unreadable } from './import-error.js';
import type { ImportedStory } from './import-result.js';
import { workFileName } from './ink-source.js';

/**
 * Compiled ink (the JSON inklecate and inky export) has no source to edit. It is kept as an ink
 * file holding only a comment with the JSON inside: the editor and the compiler see a valid,
 * empty story, and publishing plays the JSON itself (`precompiledStory`) instead of compiling.
 */
const HEADER = '// Compiled ink, imported as it is: publishing plays the JSON below.';

export function importInkJson(bytes: Uint8Array, uploadName = 'story.json'): ImportedStory {
  const text = decodeText(bytes, uploadName).replace(/^\uFEFF/, '');
  try {
    // The runtime's own loader: it refuses what it could not play (wrong version, not ink).
    new Story(text);
  } catch (error) {
    throw unreadable(`not compiled ink: ${error instanceof Error ? error.message : String(error)}`);
  }
  const stem = path.posix.basename(uploadName.replace(/\\/g, '/')).replace(/(\.ink)?\.json$/i, '');
  const file = workFileName(stem);
  // JSON may write "/" as "\/", so a comment end inside a string cannot close the comment.
  const source = `${HEADER}\n/*\n${text.replaceAll('*/', '*\\/')}\n*/\n`;
  return {
    files: [{ path: file, source }],
    chapters: [{ title: path.posix.basename(file, '.ink'), file }],
    unconverted: [],
  };
}

/** The story JSON of a file `importInkJson` made, or null for ordinary ink. */
export function precompiledStory(source: string): string | null {
  if (!source.startsWith(`${HEADER}\n/*\n`) || !source.endsWith('\n*/\n')) return null;
  return source.slice(HEADER.length + 4, -4);
}
