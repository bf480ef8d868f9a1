#!/usr/bin/env node
// `npm run check:engines`: every package the lockfile installs must declare support for every Node
// version our own `engines.node` admits, so `npm install` on any Node the README names prints no
// engine warning. A package whose newest release wants a newer Node is pinned to the last release
// that does not (README, "Node versions").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** Lockfile packages whose `engines.node` leaves out some version `ours` admits. */
export function findEngineOffenders(ours, lock) {
  const offenders = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wanted = entry.engines?.node;
    // Old packages sometimes give engines as a list of free text; npm checks only the string form.
    if (!path || typeof wanted !== 'string') continue;
    if (!semver.subset(ours, wanted)) {
      offenders.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: node ${wanted}`);
    }
  }
  return offenders;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('..', import.meta.url);
  const read = (file) => JSON.parse(readFileSync(new URL(file, root), 'utf8'));
  const ours = read('package.json').engines.node;
  const offenders = findEngineOffenders(ours, read('package-lock.json'));
  if (offenders.length) {
    console.error(`Packages that do not support every Node our engines admit (${ours}):`);
    for (const line of offenders) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`✔ every locked package supports node ${ours}`);
}
