import path from 'node:path';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { AppError } from '../../../platform/http/app-error.js';
import { decodeText, unreadable } from './import-error.js';
import type { ImportedFile, ImportedStory } from './import-result.js';
import { readZip } from './safe-zip.js';

const INCLUDE = /^([ \t]*INCLUDE[ \t]+)([^\r\n]+?)[ \t]*(?=\r?$)/gm;

/** A file name the work accepts (letters, digits, `_`, `-`, `.`), keeping its folders. */
export function workFileName(name: string): string {
  const parts = name
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[.]+/, '_'));
  const joined = parts.join('/') || 'story';
  const stem = joined.replace(/\.ink$/i, '').slice(0, STUDIO_LIMITS.pathMaxChars - 4);
  return `${stem}.ink`;
}

const stemOf = (file: string) => path.posix.basename(file, '.ink');

function checkTotal(files: ImportedFile[]) {
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.source), 0);
  if (bytes > STUDIO_LIMITS.sourcesMaxBytes) throw new AppError(STATUS.STUDIO_SOURCES_TOO_LARGE);
}

/** One .ink file: one file, one chapter named after it. */
export function importInkFile(bytes: Uint8Array, uploadName = 'story.ink'): ImportedStory {
  const file = workFileName(path.posix.basename(uploadName.replace(/\\/g, '/')));
  const files = [{ path: file, source: decodeText(bytes, uploadName) }];
  checkTotal(files);
  return { files, chapters: [{ title: stemOf(file), file }], unconverted: [] };
}

/** Zips made by "compress folder" put everything under one folder: the story starts inside it. */
function dropCommonFolder(paths: string[]): string {
  const first = paths[0]!.split('/')[0]!;
  const shared = paths.every((p) => p.includes('/') && p.split('/')[0] === first);
  return shared ? `${first}/` : '';
}

/**
 * A zip of ink files. INCLUDE names files relative to the story's root folder (as inklecate
 * reads it), so the zip's folders are kept. Which files are chapters: every .ink file in the root
 * folder that no other file INCLUDEs, in name order (`chapter-2` before `chapter-10`); files in
 * sub-folders and INCLUDEd ones are only INCLUDEd. Anything that is not .ink is listed, not kept.
 */
export function importInkZip(bytes: Uint8Array): ImportedStory {
  const entries = readZip(bytes);
  const root = dropCommonFolder(entries.map((e) => e.path));
  const unconverted: ImportedStory['unconverted'] = [];
  const renamed = new Map<string, string>();
  const texts: ImportedFile[] = [];
  for (const entry of entries) {
    const inside = entry.path.slice(root.length);
    if (!inside.toLowerCase().endsWith('.ink')) {
      unconverted.push({ where: entry.path, what: 'not an ink file, left out' });
      continue;
    }
    const file = workFileName(inside);
    renamed.set(inside, file);
    texts.push({ path: file, source: decodeText(entry.bytes, entry.path) });
  }
  if (texts.length === 0) throw unreadable('the zip holds no .ink file');
  const included = new Set<string>();
  const files = texts.map(({ path: file, source }) => ({
    path: file,
    // A renamed file is INCLUDEd by its new name.
    source: source.replace(INCLUDE, (_line, head: string, name: string) => {
      const target = renamed.get(path.posix.normalize(name.replace(/\\/g, '/'))) ?? name;
      included.add(target);
      return `${head}${target}`;
    }),
  }));
  checkTotal(files);
  const chapters = files
    .map((f) => f.path)
    .filter((p) => !p.includes('/') && !included.has(p))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => ({ title: stemOf(file), file }));
  if (chapters.length === 0)
    throw unreadable('every ink file is INCLUDEd by another: no chapter to start from');
  return { files, chapters, unconverted };
}
