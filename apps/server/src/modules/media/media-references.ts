import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { MEDIA_EXTENSIONS } from './media-store.js';

/**
 * Every column that holds content-hash media, as a bare name (`3f2a….mp3`), an address
 * (`/taleforge/media/3f2a….webp`) or JSON with addresses in it. The sweep removes what none of
 * them names, so a new column that keeps media belongs here; `media-sweep.test.ts` scans every
 * text and JSON column of the schema and fails on a name this list misses.
 */
export const MEDIA_COLUMNS = [
  // auth: the 128 px avatar the header, cards and sign-in answers show.
  { table: 'users', column: 'avatar' },
  // profiles: both sizes of the uploaded avatar.
  { table: 'profiles', column: 'avatar_small' },
  { table: 'profiles', column: 'avatar_large' },
  // play: a published work's cover (a series' rendered one, a studio upload), its characters'
  // uploaded expressions, its sounds.
  { table: 'games', column: 'cover' },
  { table: 'npcs', column: 'expressions' },
  { table: 'game_audio', column: 'media' },
  // studio: a draft's cover and expressions, which stay the draft's until it is published.
  { table: 'studio_works', column: 'cover_media' },
  { table: 'studio_works', column: 'characters' },
] as const;

/** A content-hash name wherever it sits in a value: 32 hex digits, a dot, a kept extension. */
export const MEDIA_NAME_IN_TEXT = `[0-9a-f]{32}\\.(?:${MEDIA_EXTENSIONS.join('|')})`;

/**
 * The content-hash names the database refers to, read in one statement: each column's values
 * cast to text (JSON too) and searched, so an address or a name nested in JSON counts alike.
 */
export async function referencedMedia(db: Pick<Db, 'execute'>): Promise<Set<string>> {
  const scans = MEDIA_COLUMNS.map(
    ({ table, column }) =>
      sql`select (regexp_matches(${sql.identifier(column)}::text, ${MEDIA_NAME_IN_TEXT}, 'g'))[1] as name
            from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
  );
  const result = await db.execute(
    sql`select distinct name from (${sql.join(scans, sql` union all `)}) found`,
  );
  const { rows } = result as unknown as { rows: { name: string }[] };
  return new Set(rows.map((row) => row.name));
}
