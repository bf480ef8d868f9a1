// Stops a command early, with a plain sentence, on a Node our engines do not admit: the server and
// its dependencies would otherwise fail later with an error that names neither.
import { readFileSync } from 'node:fs';
import semver from 'semver';

export function ensureNodeVersion(version = process.versions.node) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  if (semver.satisfies(version, pkg.engines.node)) return;
  console.error(`Taleforge runs on Node ${pkg.engines.node}; this is Node ${version}.`);
  process.exit(1);
}
