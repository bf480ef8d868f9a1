import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** File types the store keeps; the extension decides the Content-Type it is served with. */
export const MEDIA_EXTENSIONS = ['mp3'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

/** A stored file's name: 32 hex digits of its SHA-256, then its extension. */
export const MEDIA_NAME = /^[0-9a-f]{32}\.mp3$/;

export interface MediaStore {
  readonly dir: string;
  /** Keeps the bytes (once: the same bytes always get the same name) and returns their name. */
  put(bytes: Uint8Array, extension: MediaExtension): Promise<string>;
}

export function mediaName(bytes: Uint8Array, extension: MediaExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
}

/**
 * Media files of games (their music), kept in a directory by content hash: a name never changes
 * meaning, so it can be cached for good, and a changed file gets a new name.
 */
export function createMediaStore(dir: string): MediaStore {
  return {
    dir,
    async put(bytes, extension) {
      const name = mediaName(bytes, extension);
      const file = path.join(dir, name);
      const stored = await access(file).then(
        () => true,
        () => false,
      );
      if (stored) return name;
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader (or another process) sees the whole file or none.
      const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temp, bytes);
      await rename(temp, file);
      return name;
    },
  };
}
