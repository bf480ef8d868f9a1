import { CALLS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { defineUploadRoute } from '../../../platform/http/route.js';
import type { StudioService } from '../service.js';
import { convertUpload } from './convert-upload.js';

/** Just over the import limit, so a file a little too large is told so in words, not a bare 413. */
const IMPORT_BODY_LIMIT = STUDIO_LIMITS.importMaxBytes + 64 * 1024;

/**
 * The import: the file is the body. The work is looked up first (a visitor or another's work is
 * refused before the file is read), then the file is converted in memory and added in one change;
 * a refused file changes nothing.
 */
export function registerStudioImportRoutes(app: FastifyInstance, studio: StudioService): void {
  defineUploadRoute(
    app,
    CALLS.studioImport,
    { bodyLimit: IMPORT_BODY_LIMIT },
    async ({ query, bytes, auth }) => {
      const work = await studio.get(auth.userId, query.id);
      const { content, unconverted } = convertUpload(query.kind, bytes, query.name, {
        paths: new Set(work.files.map((f) => f.path)),
        keys: new Set(work.characters.map((c) => c.key)),
      });
      return { work: await studio.addImported(auth.userId, query.id, content), unconverted };
    },
  );
}
