import { strToU8, type Zippable, zipSync } from 'fflate';

/** A work's ink files as a zip, by their paths in the work: what `importInkZip` reads back. */
export function sourcesZip(files: readonly { path: string; source: string }[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) entries[file.path] = strToU8(file.source);
  return zipSync(entries, { level: 6 });
}
