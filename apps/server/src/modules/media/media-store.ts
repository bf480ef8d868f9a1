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
}
