import type { Db } from '../../platform/db/client.js';
import { referencedMedia } from './media-references.js';
import type { MediaStore } from './media-store.js';

/**
 * How long a file no row names is kept. An upload writes its file before the row that names it,
 * and a put of bytes already stored renews the file's time, so only a file untouched for this
 * long and named by nothing is one nobody is about to use.
 */
export const MEDIA_SWEEP_GRACE_MS = 24 * 3600 * 1000;

/**
 * A sweep that finds more than this share of the store unreferenced (and more than
 * MEDIA_SWEEP_MOST_FILES files) removes nothing: normal churn leaves a few replaced avatars and
 * covers a day, while a database that is not this store's, or a bucket another install shares,
 * makes most files look unreferenced, and removing them could not be undone.
 */
export const MEDIA_SWEEP_MOST_SHARE = 0.25;
export const MEDIA_SWEEP_MOST_FILES = 20;

export interface MediaSweepDeps {
  db: Pick<Db, 'execute'>;
  media: MediaStore;
  now: () => Date;
  /** Where the line saying what was removed goes (the app's logger). */
  log: {
    info(fields: object, message: string): void;
    error(fields: object, message: string): void;
  };
  graceMs?: number;
}

export interface MediaSweep {
  /** Content-hash files in the store when the sweep began. */
  files: number;
  /** Those no row names and older than the grace period: removed, or only counted on a dry run. */
  removed: string[];
  /** True when there were too many of those to be believed, and none was removed. */
  refused: boolean;
}

/**
 * Removes the content-hash files no table names any more (replaced avatars, covers, sounds) once
 * they are older than the grace period; keys (a video's files) are the video module's and stay.
 * The store is listed before the references are read: a file put after the listing is not a
 * candidate, and one renewed after it is kept by its new time, checked again at removal.
 */
export async function sweepMedia(
  { db, media, now, log, graceMs = MEDIA_SWEEP_GRACE_MS }: MediaSweepDeps,
  options: { dryRun?: boolean } = {},
): Promise<MediaSweep> {
  const stored = await media.listNames();
  const cutoff = new Date(now().getTime() - graceMs);
  const referenced = await referencedMedia(db);
  const candidates = stored.filter(
    ({ name, touchedAt }) => touchedAt < cutoff && !referenced.has(name),
  );
  if (
    candidates.length > MEDIA_SWEEP_MOST_FILES &&
    candidates.length > stored.length * MEDIA_SWEEP_MOST_SHARE
  ) {
    log.error(
      { files: stored.length, unreferenced: candidates.length, dryRun: Boolean(options.dryRun) },
      `media sweep: ${candidates.length} of ${stored.length} files are unreferenced, more than a quarter: ` +
        "nothing removed. Is the database not this store's own (a restored or another install's), " +
        'or is the bucket shared with another install?',
    );
    return { files: stored.length, removed: [], refused: true };
  }
  const removed: string[] = [];
  for (const { name } of candidates) {
    if (options.dryRun || (await media.removeIfUntouchedSince(name, cutoff))) removed.push(name);
  }
  if (removed.length || options.dryRun) {
    log.info(
      {
        files: stored.length,
        removed: removed.length,
        dryRun: Boolean(options.dryRun),
        names: removed.slice(0, 100),
      },
      options.dryRun
        ? `media sweep: ${removed.length} unreferenced files would be removed`
        : `media sweep: removed ${removed.length} unreferenced files`,
    );
  }
  return { files: stored.length, removed, refused: false };
}
