import { EXPRESSIONS, type Expression } from '@taleforge/contracts/constants';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db/client.js';
import { loadSharp } from '../../platform/sharp.js';
import { findCoverArt, findNpcFace, findSceneStyle } from './content-queries.js';
import { portraitSvg } from './portrait.js';
import { coverSvg, fallbackSceneStyle, sceneSvg } from './scene-art.js';

const CACHE_CONTROL = 'public, max-age=86400';
const ID = /^\d{1,10}$/;
const KEY = /^[a-z][a-z0-9_]{0,63}$/;
/**
 * A portrait or a scene is a few KB of SVG: 2,000 of them or 8 M characters. Five minutes, so a
 * face or a scene published again, or a character that did not exist yet (a 404), shows soon.
 */
const ART_CACHE_MAX = 2_000;
const ART_CACHE_CHARS = 8 * 2 ** 20;
const ART_CACHE_TTL_MS = 5 * 60_000;
/** A cover as PNG is some 100 KB: 200 of them or 32 MB (link previews of the most shared). */
const RASTER_CACHE_MAX = 200;
const RASTER_CACHE_BYTES = 32 * 2 ** 20;
/**
 * A cover as SVG for the app, or as PNG for link previews: the sites that unfurl a shared link
 * (social networks, chat apps) do not show SVG images.
 */
const COVER_FILE = /^(\d{1,10})\.(svg|png)$/;

/**
 * The picture of a cover for link previews: generated covers as PNG, any other cover as it is
 * (an uploaded cover is already a raster image).
 */
export function previewCover(cover: string): string {
  return cover.replace(/(\/art\/cover\/\d{1,10})\.svg$/, '$1.png');
}

function svg(reply: FastifyReply, body: string | null) {
  if (body === null) return reply.code(404).type('text/plain').send('not found');
  return reply.header('cache-control', CACHE_CONTROL).type('image/svg+xml').send(body);
}

/**
 * Generated art: portraits per expression, scene backgrounds and covers. Plain image URLs (no
 * df_id, no token) so <img> can load them; nothing here is secret.
 */
export function registerArtRoutes(app: FastifyInstance, db: Db): void {
  const rendered = new LRUCache<string, { body: string | null }>({
    max: ART_CACHE_MAX,
    maxSize: ART_CACHE_CHARS,
    sizeCalculation: ({ body }) => Math.max(body?.length ?? 0, 1),
    ttl: ART_CACHE_TTL_MS,
  });
  const memo = async (key: string, render: () => Promise<string | null>) => {
    let hit = rendered.get(key);
    if (!hit) {
      hit = { body: await render() };
      rendered.set(key, hit);
    }
    return hit.body;
  };

  // Characters as published (face, uploaded pictures), for as long as their drawings are kept.
  const faces = new LRUCache<string, { npc: Awaited<ReturnType<typeof findNpcFace>> }>({
    max: ART_CACHE_MAX,
    ttl: ART_CACHE_TTL_MS,
  });

  app.get<{ Params: { id: string; file: string } }>(
    '/art/npc/:id/:file',
    async (request, reply) => {
      const { id, file } = request.params;
      const expression = file.replace(/\.svg$/, '') as Expression;
      if (!ID.test(id) || !EXPRESSIONS.includes(expression)) return svg(reply, null);
      let npc = faces.get(id)?.npc;
      if (npc === undefined) {
        npc = await findNpcFace(db, Number(id));
        faces.set(id, { npc });
      }
      // A creator's uploaded picture of this expression is the portrait (chat shows it too).
      const uploaded = npc?.expressions?.[expression];
      // Only ever a path of this site (the media store's); never another host.
      if (uploaded?.startsWith('/') && !uploaded.startsWith('//'))
        return reply.header('cache-control', 'no-cache').redirect(uploaded, 302);
      const body = await memo(`npc:${id}:${expression}`, async () =>
        npc ? portraitSvg(npc.face, expression) : null,
      );
      return svg(reply, body);
    },
  );

  app.get<{ Params: { gameId: string; file: string } }>(
    '/art/scene/:gameId/:file',
    async (request, reply) => {
      const { gameId, file } = request.params;
      const key = file.replace(/\.svg$/, '');
      if (!ID.test(gameId) || !KEY.test(key)) return svg(reply, null);
      const body = await memo(`scene:${gameId}:${key}`, async () => {
        const style = await findSceneStyle(db, Number(gameId), key);
        return style ? sceneSvg(key, style) : null;
      });
      return svg(reply, body);
    },
  );

  const cover = (gameId: string) =>
    memo(`cover:${gameId}`, async () => {
      const art = await findCoverArt(db, Number(gameId));
      if (!art) return null;
      // A work without scenes or characters still gets a cover: a sky of its own, empty of people.
      const style = art.style ?? fallbackSceneStyle(`cover${gameId}`);
      return coverSvg(`cover${gameId}`, style, art.face ? portraitSvg(art.face, 'smile') : '');
    });
  const rasters = new LRUCache<string, { body: Buffer | null }>({
    max: RASTER_CACHE_MAX,
    maxSize: RASTER_CACHE_BYTES,
    sizeCalculation: ({ body }) => Math.max(body?.length ?? 0, 1),
    ttl: ART_CACHE_TTL_MS,
  });

  app.get<{ Params: { file: string } }>('/art/cover/:file', async (request, reply) => {
    const [, gameId, format] = COVER_FILE.exec(request.params.file) ?? [];
    if (!gameId) return svg(reply, null);
    if (format === 'svg') return svg(reply, await cover(gameId));
    let hit = rasters.get(gameId);
    if (!hit) {
      const body = await cover(gameId);
      const sharp = await loadSharp();
      hit = {
        body: body === null ? null : await sharp(Buffer.from(body)).png().toBuffer(),
      };
      rasters.set(gameId, hit);
    }
    if (hit.body === null) return svg(reply, null);
    return reply.header('cache-control', CACHE_CONTROL).type('image/png').send(hit.body);
  });
}
