import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One rendition of a transcoded video, as its HLS master playlist lists it. */
export type VideoRendition = {
  height: number;
  width: number;
  bandwidth: number;
  /** Media-store key of the rendition's playlist, relative to the video's folder. */
  playlist: string;
};

/**
 * An uploaded video and what the pipeline made of it (owned by the video module). The source and
 * every output live in the media store under `video/{id}/`; a retried job overwrites the same keys,
 * so a job run twice leaves one result.
 */
export const videos = pgTable(
  'videos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** queued | processing | ready | failed */
    state: text('state').notNull().default('queued'),
    /** 0..100 while processing. */
    progress: integer('progress').notNull().default(0),
    /** Why the last attempt failed, in words a creator can act on. */
    error: text('error'),
    sourceKey: text('source_key').notNull(),
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    renditions: jsonb('renditions').$type<VideoRendition[]>().notNull().default([]),
    /** Media-store keys of the master playlist, poster, thumbnail sprite and its WebVTT track. */
    masterKey: text('master_key'),
    posterKey: text('poster_key'),
    thumbnailsKey: text('thumbnails_key'),
    /** Subtitle tracks by locale: media-store keys of WebVTT files. */
    subtitles: jsonb('subtitles').$type<Record<string, string>>().notNull().default({}),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('videos_state_known', sql`${t.state} in ('queued', 'processing', 'ready', 'failed')`),
    check('videos_progress_range', sql`${t.progress} between 0 and 100`),
    index('videos_state_idx').on(t.state),
  ],
);
