import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KEY, MEDIA_NAME, type MediaStore, mediaName } from './media-store.js';

/** Media in a directory of the local disk, by content hash: the embedded default. */
export function createLocalMediaStore(dir: string): MediaStore {
  // Only a stored name ever reaches the disk: no traversal in any spelling can.
  const fileOf = (name: string) => (MEDIA_NAME.test(name) ? path.join(dir, name) : null);
  const keyedFileOf = (key: string) => (MEDIA_KEY.test(key) ? path.join(dir, key) : null);
  const sizeOf = async (file: string) =>
    stat(file).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );

  return {
    kind: 'local',
    async put(bytes, extension) {
      const name = mediaName(bytes, extension);
      const file = path.join(dir, name);
      if ((await sizeOf(file)) !== null) return name;
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader (or another process) sees the whole file or none.
      const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temp, bytes);
      await rename(temp, file);
      return name;
    },
    async size(name) {
      const file = fileOf(name);
      return file ? sizeOf(file) : null;
    },
    async read(name, range) {
      const file = fileOf(name);
      if (!file || (await sizeOf(file)) === null) return null;
      return createReadStream(file, range);
    },
    async remove(name) {
      const file = fileOf(name);
      if (file) await rm(file, { force: true });
    },
    async statKey(key) {
      const file = keyedFileOf(key);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    },
    async readKey(key, range) {
      const file = keyedFileOf(key);
      if (!file) return null;
      // Opened before it is handed on: a file removed since its stat is a miss, not a broken stream.
      const stream = createReadStream(file, range);
      return new Promise((resolve) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', () => resolve(null));
      });
    },
  };
}
