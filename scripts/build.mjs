#!/usr/bin/env node
// `npm run build`: contracts and server (unless their own stamp says they are current), web,
// studio; then the build stamp, dated when the build started, so `npm start` after any build (the
// test command's included) runs it as it is, and a source saved while the build ran still counts
// as newer. `--server`: the contracts and the server only, when stale (the test command's first
// step: the integration tests run the server from this build while the rest is made).
import { buildWorkspace, ensureServerBuild, writeBuildStamp } from './ensure-build.mjs';

const startedAt = new Date();
try {
  ensureServerBuild();
  if (!process.argv.includes('--server')) {
    for (const workspace of ['@taleforge/web', '@taleforge/studio']) buildWorkspace(workspace);
    writeBuildStamp(startedAt);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
