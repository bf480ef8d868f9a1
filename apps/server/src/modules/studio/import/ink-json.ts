import path from 'node:path';
import { Story } from 'inkjs';
import { wrapCompiledInk } from '../../play/index.js';
import { decodeText, unreadable } from './import-error.js';
import type { ImportedStory } from './import-result.js';
import { workFileName } from './ink-source.js';

/**
 * Compiled ink has no source to edit: it is kept as an ink file carrying the JSON (play's
 * `wrapCompiledInk`), which compiling the chapter plays as it is.
 */
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
  const source = wrapCompiledInk(text);
  return {
    files: [{ path: file, source }],
    chapters: [{ title: path.posix.basename(file, '.ink'), file }],
    unconverted: [],
  };
}
