import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** File types the store keeps, and the Content-Type each is served with. */
export const MEDIA_TYPES = {
  mp3: 'audio/mpeg',
  webp: 'image/webp',
} as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;
export const MEDIA_EXTENSIONS = Object.keys(MEDIA_TYPES) as MediaExtension[];

/** A stored file's name: 32 hex digits of its SHA-256, then its extension. */
export const MEDIA_NAME = new RegExp(`^[0-9a-f]{32}\\.(${MEDIA_EXTENSIONS.join('|')})$`);

export function mediaName(bytes: Uint8Array, extension: MediaExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
}

export function mediaTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return (
    MEDIA_TYPES[extension as MediaExtension] ??
    KEYED_TYPES[extension as keyof typeof KEYED_TYPES] ??
    'application/octet-stream'
  );
}

/** Types of the files kept under a key (a video's playlists, segments, pictures, subtitles). */
const KEYED_TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
} as const;

/**
 * A key: folders and a file name of letters, digits, `_`, `-` and `.`, each starting with a
 * letter or digit, so no spelling of `..` or an absolute path is one. It has a folder, so it
 * never looks like a content-hash name.
 */
export const MEDIA_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9_.-]*\/)+[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** A folder of keys, as removePrefix takes it: `video/12/`. */
export const MEDIA_PREFIX = /^(?:[A-Za-z0-9][A-Za-z0-9_.-]*\/)+$/;

/** A name the store knows how to hold: a content-hash name or a key. */
export const isStoredName = (name: string) => MEDIA_NAME.test(name) || MEDIA_KEY.test(name);

/** Inclusive byte positions, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredName {
  name: string;
  touchedAt: Date;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /**
   * Keeps the bytes (once: the same bytes always get the same name) and returns their name. When
   * the file is there already its time is renewed, so the sweep sees it as new as the row about to
   * name it.
   */
  put(bytes: Uint8Array, extension: MediaExtension): Promise<string>;
  /** The stored file's size in bytes, or null when there is no such file. */
  size(name: string): Promise<number | null>;
  /** The file's bytes, or only `range` of them; null when there is no such file. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  remove(name: string): Promise<void>;
  /**
   * Every content-hash name in the store (keys left out), with when it was last put. On the local
   * disk it also tidies what killed processes left: a removal's aside copy, a write's old temp file.
   */
  listNames(): Promise<StoredName[]>;
  /**
   * Removes the content-hash file `name` unless it was put at or after `since`; true when removed.
   * A put racing the removal either renews the file first (and it stays) or writes it afresh.
   */
  removeIfUntouchedSince(name: string, since: Date): Promise<boolean>;
  /**
   * Keeps `body` (bytes, or a local file's contents) under a key the caller chose, replacing
   * what was there: a job run again writes the same keys, so it leaves one result.
   */
  putAt(key: string, body: Uint8Array | { file: string }): Promise<void>;
  /** The keys under the folder `prefix` (which ends in `/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Removes every key under the folder `prefix` (which ends in `/`). */
  removePrefix(prefix: string): Promise<void>;
}
