import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { unreadable, unsafeZip } from './import-error.js';

/** One file of a zip, with its path checked and its bytes inflated within the limits. */
export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
}

/**
 * A path that stays inside the work: relative, `/`-separated, no `..`, no drive letter and no
 * backslash (Windows tools read `a\..\b` as a way out even where `/` tools do not).
 */
function checkPath(name: string): string {
  const bad =
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..');
  if (bad) throw unsafeZip(name);
  return name.replace(/^(\.\/)+/, '');
}

/**
 * The zip is fed to the inflater in small slices and every inflated byte is counted as it comes
 * out, so a zip bomb is stopped once the real output passes the limit — whatever sizes its
 * headers declare — and never holds more than one slice's worth beyond it in memory.
 */
const SLICE = 1024;

export function readZip(bytes: Uint8Array): ZipEntry[] {
  const entries: { path: string; chunks: Uint8Array[] }[] = [];
  let unpacked = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (entries.length >= STUDIO_LIMITS.zipEntriesMax) {
      failure = unsafeZip(`more than ${STUDIO_LIMITS.zipEntriesMax} entries`);
      return;
    }
    let path: string;
    try {
      path = checkPath(file.name);
    } catch (error) {
      failure = error as Error;
      return;
    }
    const entry = { path, chunks: [] as Uint8Array[] };
    entries.push(entry);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = unreadable(`${path}: ${error.message}`);
        return;
      }
      unpacked += chunk.length;
      if (unpacked > STUDIO_LIMITS.zipUnpackedMaxBytes) {
        failure = unsafeZip(`unpacks to more than ${STUDIO_LIMITS.zipUnpackedMaxBytes} bytes`);
        file.terminate();
        return;
      }
      entry.chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
    }
  } catch (error) {
    // fflate throws on a damaged stream (bad header, unknown compression).
    if (!failure) failure = unreadable(error instanceof Error ? error.message : String(error));
  }
  if (failure) throw failure;
  if (entries.length === 0) throw unreadable('not a zip, or an empty one');
  return entries
    .filter((e) => !e.path.endsWith('/'))
    .map((e) => ({ path: e.path, bytes: concat(e.chunks) }));
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
