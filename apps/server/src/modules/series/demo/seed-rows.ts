import path from 'node:path';
import type { Db } from '../../../platform/db/client.js';
import { episodes, series } from '../../../platform/db/schema/index.js';
import { loadSharp } from '../../../platform/sharp.js';
import { ensureSystemUser } from '../../auth/index.js';
import type { MediaStore } from '../../media/index.js';
import {
  CONTENT_DIR,
  findSeriesWorkIds,
  portraitSvg,
  saveSeriesWork,
  sceneSvg,
} from '../../play/index.js';
import { episodePrice, loadSeriesScripts, type SeriesScript } from './definition.js';

export interface DemoRowsOptions {
  db: Db;
  media: MediaStore;
  /** Where the media store is served, e.g. /taleforge/media: the covers' addresses start here. */
  mediaBase: string;
  now: Date;
  contentDir?: string;
}

export interface SeededSeries {
  script: SeriesScript;
  gameId: number;
}

/** The same studio account that publishes the demo story games. */
const STUDIO = { publicId: 'taleforge_studio', nickName: 'Taleforge Studio' };

/**
 * Where the leads stand on the 800×500 scene. Every screen shows a series cover as a 9:16 poster
 * cut from the middle (x 260–540), so both faces stay inside that strip: the second lead behind
 * and above the first, like a drama poster, rather than side by side at the scene's edges.
 */
const COVER_FIGURES = {
  one: [{ x: 230, y: 120, width: 340 }],
  two: [
    { x: 200, y: 166, width: 280 },
    { x: 352, y: 96, width: 230 },
  ],
} as const;

/** Fades the lead behind into the scene: its shoulders end above the foot, and a hard edge there
 * read as a cut-out. */
const BACK_FADE =
  '<linearGradient id="back-fade-ramp" x1="0" y1="0" x2="0" y2="1"><stop offset=".72" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>' +
  '<mask id="back-fade" maskContentUnits="objectBoundingBox"><rect width="1" height="1" fill="url(#back-fade-ramp)"/></mask>';

/**
 * The catalogue card, drawn like a story game's cover: the scene, the leads standing in it (the
 * first in front), a shade at the foot for the card's text.
 */
export function coverSvgOf(script: SeriesScript): string {
  const { scene, who, expression } = script.cover;
  const places = who.length === 1 ? COVER_FIGURES.one : COVER_FIGURES.two;
  const figures = who.map((key, i) => {
    const { x, y, width } = places[i]!;
    const figure = portraitSvg(script.characters[key]!.face, expression).replace(
      '<svg ',
      `<svg x="${x}" y="${y}" width="${width}" height="${(width * 6) / 5}" `,
    );
    return i === 0 ? figure : `<g mask="url(#back-fade)">${figure}</g>`;
  });
  return sceneSvg(`${script.slug}-cover`, script.scenes[scene]!).replace(
    '</svg>',
    `<defs>${BACK_FADE}<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></linearGradient></defs>${figures.reverse().join('')}<rect y="380" width="800" height="120" fill="url(#shade)"/></svg>`,
  );
}

async function coverUrl(script: SeriesScript, options: DemoRowsOptions): Promise<string> {
  const svg = coverSvgOf(script).replace('<svg ', '<svg width="1200" height="750" ');
  const sharp = await loadSharp();
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  return `${options.mediaBase}/${await options.media.put(bytes, 'webp')}`;
}

/** The rows a series needs before any video exists: its work, its series row, its episodes. */
async function seedRows(script: SeriesScript, creatorId: number, options: DemoRowsOptions) {
  const { db } = options;
  const gameId = await saveSeriesWork(
    db,
    {
      slug: script.slug,
      title: script.title,
      description: script.description,
      scriptType: script.scriptType,
      tags: script.tags,
      languages: ['en_US', 'zh_CN', 'ja_JP'],
      cover: await coverUrl(script, options),
      creatorId,
      episodeCount: script.episodes.length,
    },
    options.now,
  );
  await db
    .insert(series)
    .values({ gameId, freeEpisodes: script.freeEpisodes })
    .onConflictDoUpdate({ target: series.gameId, set: { freeEpisodes: script.freeEpisodes } });
  for (const [i, episode] of script.episodes.entries()) {
    const values = { title: episode.title, price: episodePrice(script, i + 1) };
    await db
      .insert(episodes)
      .values({ gameId, number: i + 1, ...values })
      .onConflictDoUpdate({ target: [episodes.gameId, episodes.number], set: values });
  }
  return gameId;
}

/**
 * The rows of every demo series (content/drama/*.json) before any video exists: its work, its
 * series row and its episodes with their prices. Idempotent: found again by slug and number.
 */
export async function seedDemoSeriesRows(options: DemoRowsOptions): Promise<SeededSeries[]> {
  const creatorId = await ensureSystemUser(options.db, STUDIO);
  const seeded: SeededSeries[] = [];
  const contentDir = options.contentDir ?? CONTENT_DIR;
  for (const script of await loadSeriesScripts(path.join(contentDir, 'drama'))) {
    seeded.push({ script, gameId: await seedRows(script, creatorId, options) });
  }
  return seeded;
}

/**
 * The demo series as a finished seed left them, without writing anything: null when a series has
 * no work yet (the seed must run).
 */
export async function findSeededDemoSeries(
  options: Pick<DemoRowsOptions, 'db' | 'contentDir'>,
): Promise<SeededSeries[] | null> {
  const scripts = await loadSeriesScripts(path.join(options.contentDir ?? CONTENT_DIR, 'drama'));
  const ids = await findSeriesWorkIds(
    options.db,
    scripts.map((script) => script.slug),
  );
  const seeded = scripts.map((script) => ({ script, gameId: ids.get(script.slug) }));
  return seeded.every((s) => s.gameId !== undefined) ? (seeded as SeededSeries[]) : null;
}
