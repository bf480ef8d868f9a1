import type { Db } from '../../platform/db/client.js';
import { referencedMedia } from './media-references.js';
import type { MediaStore } from './media-store.js';

/**
 * How long a file no row names is kept. An upload writes its file before the row that names it,
 * and a put of bytes already stored renews the file's time, so only a file untouched for this
 * long and named by nothing is one nobody is about to use.
 */
export const MEDIA_SWEEP_GRACE_MS = 24 * 3600 * 1000;

export interface MediaSweepDeps {
  db: Pick<Db, 'execute'>;
  media: MediaStore;
  now: () => Date;
  /** Where the line saying what was removed goes (the app's logger). */
  log: { info(fields: object, message: string): void };
  graceMs?: number;
}

export interface MediaSweep {
  /** Content-hash files in the store when the sweep began. */
  files: number;
  /** Those no row names and older than the grace period: removed, or only counted on a dry run. */
  removed: string[];
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
  return { files: stored.length, removed };
}
