import { defineCall, STUDIO_EXPORT_PATH, studioExportQuerySchema } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.js';
import { signedIn } from '../../../platform/http/auth-gate.js';
import { gateOf } from '../../../platform/http/route.js';
import { parseInput } from '../../../platform/http/validation.js';
import type { StudioService } from '../service.js';
import { cardJson, cardPng } from './card-export.js';
import { sourcesZip } from './sources-zip.js';

/** The export answers a file, not an envelope; only its token check and query follow a call. */
const exportCall = defineCall({
  method: 'GET',
  path: STUDIO_EXPORT_PATH,
  query: studioExportQuerySchema,
  data: z.never(),
});

/** A download name: the work's or character's name in letters a file system takes everywhere. */
const fileName = (name: string, extension: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'work'
  }.${extension}`;

/**
 * The raw export (docs/decisions/0041): `sources` is the work's ink files as a zip, `card_json`
 * and `card_png` one character as a V3 card. Refusals are the usual envelopes.
 */
export function registerStudioExportRoutes(app: FastifyInstance, studio: StudioService): void {
  app.route({
    method: 'GET',
    url: STUDIO_EXPORT_PATH,
    ...gateOf(app, exportCall),
    handler: async (request, reply) => {
      const query = parseInput(
        studioExportQuerySchema,
        request.query ?? {},
        request.locale,
        'query',
      );
      const { userId } = signedIn(request);
      const work = await studio.get(userId, query.id);
      let body: Uint8Array | string;
      let type: string;
      let name: string;
      if (query.what === 'sources') {
        const files = await Promise.all(
          work.files.map((f) => studio.file(userId, work.id, f.path)),
        );
        body = sourcesZip(files);
        type = 'application/zip';
        name = fileName(work.title.en_US ?? work.title.zh_CN ?? work.title.ja_JP ?? '', 'zip');
      } else {
        const character = work.characters.find((c) => c.key === query.character);
        if (!character) throw new AppError(STATUS.STUDIO_FILE_NOT_FOUND, query.character ?? '');
        const png = query.what === 'card_png';
        body = png ? await cardPng(character) : cardJson(character);
        type = png ? 'image/png' : 'application/json; charset=utf-8';
        name = fileName(character.key, png ? 'png' : 'json');
      }
      return reply
        .type(type)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(typeof body === 'string' ? body : Buffer.from(body));
    },
  });
}
