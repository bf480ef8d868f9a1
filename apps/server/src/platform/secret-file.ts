import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `content` to `file` unless it exists, and answers what the file holds then: ours, or
 * what another process wrote first. Written to a file of our own and linked into place, so a
 * process reading it never sees it half-written (nodes sharing a data directory start at once).
 */
export async function writeFileOnce(file: string, content: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, content, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: created in place, as before ('wx': theirs if first).
    if (code !== 'EEXIST') {
      await writeFile(file, content, { mode: 0o600, flag: 'wx' }).catch((e) => {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      });
    }
  } finally {
    await unlink(draft);
  }
  return readFile(file, 'utf8');
}

/**
 * A random secret kept in DATA_DIR/keys/{name} (0600), made on first use: one process, or several
 * sharing a data directory, keep signing with the same secret across restarts. Settings that
 * several machines must share name theirs in the environment instead.
 */
export async function loadSecretFile(dataDir: string, name: string, prefix = ''): Promise<string> {
  const file = path.join(dataDir, 'keys', name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return (await writeFileOnce(file, `${prefix}${randomBytes(24).toString('base64url')}`)).trim();
}
