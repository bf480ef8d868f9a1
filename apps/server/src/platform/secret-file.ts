import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // 'wx': if another process wrote it first, use theirs.
  await writeFile(file, `${prefix}${randomBytes(24).toString('base64url')}`, {
    mode: 0o600,
    flag: 'wx',
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
