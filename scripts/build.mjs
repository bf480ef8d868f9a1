#!/usr/bin/env node
// `npm run build`: contracts, server, web, studio; then the build stamp, dated when the build started, so
// `npm start` after any build (the test command's included) runs it as it is, and a source saved
// while the build ran still counts as newer.
import { spawnSync } from 'node:child_process';
import { writeBuildStamp } from './ensure-build.mjs';

const startedAt = new Date();
for (const workspace of [
  '@taleforge/contracts',
  '@taleforge/server',
  '@taleforge/web',
  '@taleforge/studio',
]) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
writeBuildStamp(startedAt);
