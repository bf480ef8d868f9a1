#!/usr/bin/env node
// The workspaces' typecheck and build: TypeScript 7's native compiler, one `-p` project after another.
//   node ../../scripts/tsc.mjs -p tsconfig.json -p tsconfig.test.json --noEmit
// TypeScript 5 stays installed only for dependency-cruiser, which parses our sources through its
// JavaScript API; TypeScript 7 has none yet (docs/decisions/0047).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const compiler = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);

const projects = [];
const shared = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '-p' || args[i] === '--project') projects.push(args[++i]);
  else shared.push(args[i]);
}
if (projects.length === 0 || projects.includes(undefined)) {
  console.error('usage: node scripts/tsc.mjs -p <tsconfig> [-p <tsconfig>…] [tsc options]');
  process.exit(2);
}

for (const project of projects) {
  // One checker thread: `npm test` runs the check beside the tests on a machine whose cores are
  // already busy, where more threads cost ~75 % more CPU for the same wall time.
  const options = ['-p', project, '--singleThreaded', ...shared];
  const result = spawnSync(process.execPath, [compiler, ...options], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
