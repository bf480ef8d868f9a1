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
  const extension = name.slice(name.lastIndexOf('.') + 1) as MediaExtension;
  return MEDIA_TYPES[extension];
}

/**
 * A file kept under a path-like key rather than its hash: a video's HLS outputs
 * (`video/{id}/master.m3u8`, `video/{id}/360p/seg_00001.ts`, …), which name each other by relative
 * path. Letters, digits, `_` and `-` in each part, one dot before the extension: no spelling of a
 * traversal is a key.
 */
export const MEDIA_KEY =
  /^video\/[1-9][0-9]{0,15}\/(?:[A-Za-z0-9_-]{1,64}\/){0,2}[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,5}$/;

/** What a keyed file is, for validators and caches: its size and when it was last written. */
export interface KeyedFileInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte positions, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Keeps the bytes (once: the same bytes always get the same name) and returns their name. */
  put(bytes: Uint8Array, extension: MediaExtension): Promise<string>;
  /** The stored file's size in bytes, or null when there is no such file. */
  size(name: string): Promise<number | null>;
  /** The file's bytes, or only `range` of them; null when there is no such file. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  remove(name: string): Promise<void>;
  /** A keyed file's size and time (MEDIA_KEY), or null when there is none. */
  statKey(key: string): Promise<KeyedFileInfo | null>;
  /** A keyed file's bytes, or only `range` of them; null when there is no such file. */
  readKey(key: string, range?: ByteRange): Promise<Readable | null>;
}
