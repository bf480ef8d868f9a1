import { CALLS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { StudioService } from './studio-service.js';

/**
 * A file may fill the work's 5 MB on its own; JSON writes a newline or a quote in two bytes, so
 * the body may be up to twice that before the service measures the text itself.
 */
const FILE_BODY_LIMIT = 2 * STUDIO_LIMITS.sourcesMaxBytes + 64 * 1024;

/** The studio's works and files: thin routes over the service, which checks who may do what. */
export function registerStudioRoutes(app: FastifyInstance, studio: StudioService): void {
  defineRoute(app, CALLS.studioWorks, async ({ auth }) => ({
    works: await studio.list(auth.userId),
  }));
  defineRoute(app, CALLS.studioWork, ({ query, auth }) => studio.get(auth.userId, query.id));
  defineRoute(app, CALLS.studioWorkCreate, ({ body, auth }) => studio.create(auth.userId, body));
  defineRoute(app, CALLS.studioWorkUpdate, ({ body, auth }) => studio.update(auth.userId, body));
  defineRoute(app, CALLS.studioWorkDelete, async ({ body, auth }) => {
    await studio.remove(auth.userId, body.id);
    return { deleted: true as const };
  });
  defineRoute(app, CALLS.studioFile, ({ query, auth }) =>
    studio.file(auth.userId, query.id, query.path),
  );
  defineRoute(
    app,
    CALLS.studioFileSave,
    ({ body, auth }) => studio.saveFile(auth.userId, body.id, body.path, body.source),
    { bodyLimit: FILE_BODY_LIMIT },
  );
  defineRoute(app, CALLS.studioFileDelete, ({ body, auth }) =>
    studio.deleteFile(auth.userId, body.id, body.path),
  );
}
