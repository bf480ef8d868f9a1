import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import {
  isStoredName,
  MEDIA_NAME,
  MEDIA_PREFIX,
  type MediaStore,
  mediaName,
} from './media-store.js';

/** A removal's aside file: `.<name>.<12 hex digits>.sweep`. */
const ASIDE = /^\.(.+)\.[0-9a-f]{12}\.sweep$/;
/** A write's temp file: `.<name>.<12 hex digits>.tmp`. */
const TEMP = /^\..+\.[0-9a-f]{12}\.tmp$/;
/**
 * A temp file untouched this long was left by a write whose process died before its rename (a
 * write in progress keeps touching it, and none takes minutes): nothing will ever rename it.
 */
export const STALE_TEMP_MS = 3600 * 1000;

/** Media in a directory of the local disk, by content hash or key: the embedded default. */
export function createLocalMediaStore(dir: string): MediaStore {
  // Only a stored name or key ever reaches the disk: no traversal in any spelling can.
  const fileOf = (name: string) => (isStoredName(name) ? path.join(dir, name) : null);
  const sizeOf = async (file: string) =>
    stat(file).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );

  /** Written aside and renamed: a reader (or another process) sees the whole file or none. */
  async function writeWhole(file: string, body: Uint8Array | { file: string }) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      if (body instanceof Uint8Array) await writeFile(temp, body);
      else await copyFile(body.file, temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * A file a removal moved aside and never finished with (its node was killed): the removal had
   * not decided, so the file goes back when its name is missing; a put since wrote the same bytes
   * under the name, and the aside copy goes. Sweeps never overlap, so none is still deciding.
   */
  async function settleAside(entry: string) {
    const name = ASIDE.exec(entry)?.[1];
    if (!name || !MEDIA_NAME.test(name)) return;
    const aside = path.join(dir, entry);
    // A link, not a rename: it never replaces a file a put writes meanwhile (and renewed).
    const back = await link(aside, path.join(dir, name)).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code === 'EEXIST',
    );
    // Otherwise it stays aside for the next listing: no reason to fail this sweep.
    if (back) await rm(aside, { force: true });
  }

  /** Removes a temp file that a killed write left; one still being written is left alone. */
  async function dropStaleTemp(entry: string) {
    if (!TEMP.test(entry)) return;
    const file = path.join(dir, entry);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
  }

  return {
    kind: 'local',
    async put(bytes, extension) {
      const name = mediaName(bytes, extension);
      const file = path.join(dir, name);
      // Renewed in place: gone meanwhile (swept), it is written whole again.
      const now = new Date();
      const renewed = await utimes(file, now, now).then(
        () => true,
        () => false,
      );
      if (!renewed) await writeWhole(file, bytes);
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
    async listNames() {
      const entries = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        entries.map((entry) => Promise.all([settleAside(entry), dropStaleTemp(entry)])),
      );
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) =>
        MEDIA_NAME.test(n),
      );
      const found = await Promise.all(
        names.map((name) =>
          stat(path.join(dir, name)).then(
            (info) => ({ name, touchedAt: info.mtime }),
            () => null,
          ),
        ),
      );
      return found.filter((entry) => entry !== null);
    },
    async removeIfUntouchedSince(name, since) {
      if (!MEDIA_NAME.test(name)) return false;
      const file = path.join(dir, name);
      // Moved aside first, then judged: a put that renewed the file before the move shows in its
      // time (and it goes back); one after the move finds no file and writes it whole.
      const aside = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.sweep`);
      const moved = await rename(file, aside).then(
        () => true,
        () => false,
      );
      if (!moved) return false;
      const touched = (await stat(aside)).mtime;
      if (touched >= since) {
        // A put that wrote the file afresh meanwhile wrote the same bytes: either copy will do.
        await rename(aside, file);
        return false;
      }
      await rm(aside, { force: true });
      return true;
    },
    async putAt(key, body) {
      const file = fileOf(key);
      if (!file || !key.includes('/')) throw new Error(`not a media key: ${key}`);
      await writeWhole(file, body);
    },
    async list(prefix) {
      if (!MEDIA_PREFIX.test(prefix)) return [];
      const entries = await readdir(path.join(dir, prefix), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .map((relative) => relative.split(path.sep).join('/'));
    },
    async removePrefix(prefix) {
      if (!MEDIA_PREFIX.test(prefix)) throw new Error(`not a media folder: ${prefix}`);
      await rm(path.join(dir, prefix), { recursive: true, force: true });
    },
  };
}
