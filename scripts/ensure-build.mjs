// Builds the project when its sources changed since the last build; `npm start` and the CLIs
// call it so they never run stale code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'apps/server/dist/.build-stamp');
const sources = [
  'package-lock.json',
  'packages/contracts/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function ensureBuild() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (changed > built || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.error('Building Taleforge (sources changed since the last build)…');
    // Build output goes to stderr: a CLI's stdout stays only its own answer.
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stamp, new Date().toISOString());
  }
}
