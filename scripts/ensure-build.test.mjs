import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, writeBuildStamp } from './ensure-build.mjs';

/** A checkout with one source file and both sites built, every file dated `at`. */
function makeCheckout(at) {
  const root = mkdtempSync(join(tmpdir(), 'tf-build-stamp-'));
  for (const dir of ['apps/server/src', 'apps/server/dist', 'apps/web/dist', 'apps/studio/dist']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  for (const file of [
    'apps/server/src/main.ts',
    'apps/web/dist/index.html',
    'apps/studio/dist/index.html',
  ]) {
    writeFileSync(join(root, file), 'x');
    utimesSync(join(root, file), at, at);
  }
  utimesSync(join(root, 'apps/server/src'), at, at);
  return root;
}

describe('the build stamp', () => {
  const editedAt = new Date('2026-11-01T10:00:00Z');
  let root;
  beforeEach(() => {
    root = makeCheckout(editedAt);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is missing before any build, so npm start builds', () => {
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('written by a build (npm test’s too) lets npm start run without building again', () => {
    writeBuildStamp(new Date('2026-11-01T10:05:00Z'), root);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('is dated when the build started: a source saved during the build still counts as newer', () => {
    const buildStarted = new Date('2026-11-01T10:05:00Z');
    const savedDuringBuild = new Date('2026-11-01T10:05:30Z');
    const file = join(root, 'apps/server/src/main.ts');
    utimesSync(file, savedDuringBuild, savedDuringBuild);
    writeBuildStamp(buildStarted, root);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('does not count without the built web app', () => {
    writeBuildStamp(new Date('2026-11-01T10:05:00Z'), root);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('does not count without the built studio', () => {
    writeBuildStamp(new Date('2026-11-01T10:05:00Z'), root);
    rmSync(join(root, 'apps/studio/dist/index.html'));
    expect(isBuildCurrent(root)).toBe(false);
  });
});
