#!/usr/bin/env node
// `npm start`: build once if the sources changed since the last build, then run the server in
// this process (no extra process between npm and the server, so signals reach it directly).
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

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (changed > built || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building Taleforge (sources changed since the last build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

await import('../apps/server/dist/main.js');
