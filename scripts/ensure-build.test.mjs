import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, isServerBuildCurrent, writeBuildStamp } from './ensure-build.mjs';

/** Writes each file (and its folders) under `root`, every one dated `at`. */
function writeFiles(root, files, at) {
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), 'x');
    utimesSync(join(root, file), at, at);
    utimesSync(dirname(join(root, file)), at, at);
  }
}

/** A checkout with one source file and both sites built, every file dated `at`. */
function makeCheckout(at) {
  const root = mkdtempSync(join(tmpdir(), 'tf-build-stamp-'));
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  writeFiles(
    root,
    ['apps/server/src/main.ts', 'apps/web/dist/index.html', 'apps/studio/dist/index.html'],
    at,
  );
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

describe('the server build stamp', () => {
  const editedAt = new Date('2026-11-01T10:00:00Z');
  const builtAt = new Date('2026-11-01T10:05:00Z');
  let root;
  beforeEach(() => {
    root = makeCheckout(editedAt);
    writeFiles(
      root,
      [
        'packages/contracts/src/index.ts',
        'packages/contracts/dist/index.js',
        'apps/server/dist/main.js',
      ],
      editedAt,
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const stampServer = (at) => {
    const stamp = join(root, 'apps/server/dist/.server-build-stamp');
    writeFileSync(stamp, at.toISOString());
    utimesSync(stamp, at, at);
  };

  it('is missing before the server is built, so the integration tests build it', () => {
    expect(isServerBuildCurrent(root)).toBe(false);
  });

  it('counts once written, without the sites: the tests need only the server', () => {
    stampServer(builtAt);
    expect(isServerBuildCurrent(root)).toBe(true);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('goes stale when a contract changes, not when the web app does', () => {
    stampServer(builtAt);
    mkdirSync(join(root, 'apps/web/src'), { recursive: true });
    writeFileSync(join(root, 'apps/web/src/app.tsx'), 'x');
    expect(isServerBuildCurrent(root)).toBe(true);
    const later = new Date('2026-11-01T10:10:00Z');
    utimesSync(join(root, 'packages/contracts/src/index.ts'), later, later);
    expect(isServerBuildCurrent(root)).toBe(false);
  });

  it('does not count without the built server or the built contracts', () => {
    stampServer(builtAt);
    rmSync(join(root, 'packages/contracts/dist/index.js'));
    expect(isServerBuildCurrent(root)).toBe(false);
  });
});
