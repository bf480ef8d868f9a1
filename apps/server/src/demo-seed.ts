import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from './modules/media/index.js';
import { CONTENT_DIR, demoGameDirs, seedDemoContent } from './modules/play/index.js';
import {
  findSeededDemoSeries,
  type SeededSeries,
  seedDemoSeriesRows,
} from './modules/series/index.js';
import type { Db } from './platform/db/client.js';
import { readSeedMark, writeSeedMark } from './platform/db/seed-marks.js';

const SEED_MARK = 'demo-content';

/** The code that turns content into rows: a change to it seeds again, as a content change does. */
const SEEDING_CODE = ['modules/play', 'modules/series'].map((dir) =>
  fileURLToPath(new URL(`./${dir}`, import.meta.url)),
);

export interface DemoSeedOptions {
  db: Db;
  media: MediaStore;
  /** /{product}: the art and media addresses written into the rows start with it. */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  contentDir?: string;
}

/** Every file under `dir` but source maps and tests, by its path within `dir`, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return names
    .filter((e) => e.isFile() && !/\.(map|test\.[jt]s)$/.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * What everything the seed writes from looks like: each file's path, size and modification time
 * (content, seeding code), the addresses and the media store. A start reads no file to learn
 * that nothing changed; any edit, checkout or build moves a time.
 */
async function demoFingerprint(options: DemoSeedOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([options.prefix, options.media.kind]));
  for (const dir of [options.contentDir ?? CONTENT_DIR, ...SEEDING_CODE]) {
    for (const name of await filesUnder(dir)) {
      const { size, mtimeMs } = await stat(path.join(dir, name));
      hash.update(`\0${name}\0${size}\0${mtimeMs}`);
    }
  }
  return hash.digest('base64url');
}

/**
 * Seeds the demo works and series unless the last seed finished on exactly these inputs; then it
 * only finds the series again (their videos are made after start). A seed that left a work out
 * (its ink did not compile) is not marked, so the next start tries it again and logs why.
 */
export async function seedDemoOnStart(options: DemoSeedOptions): Promise<SeededSeries[]> {
  const { db, media, prefix, contentDir } = options;
  const fingerprint = await demoFingerprint(options);
  if ((await readSeedMark(db, SEED_MARK)) === fingerprint) {
    const seeded = await findSeededDemoSeries({ db, contentDir });
    if (seeded) return seeded;
  }
  const now = new Date();
  const works = await seedDemoContent(db, {
    artBase: `${prefix}/art`,
    media,
    now,
    log: options.log,
    ...(contentDir && { contentDir }),
  });
  const series = await seedDemoSeriesRows({
    db,
    media,
    mediaBase: `${prefix}/media`,
    now,
    ...(contentDir && { contentDir }),
  });
  if (works.length === (await demoGameDirs(contentDir)).length) {
    await writeSeedMark(db, SEED_MARK, fingerprint);
  }
  options.log.info({ works: works.length, series: series.length }, 'demo content seeded');
  return series;
}
