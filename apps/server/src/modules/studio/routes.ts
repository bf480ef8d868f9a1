import { CALLS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { defineRoute, defineUploadRoute } from '../../platform/http/route.js';
import type { StudioService } from './service.js';

/**
 * A file may fill the work's 5 MB on its own; JSON writes a newline or a quote in two bytes, so
 * the body may be up to twice that before the service measures the text itself.
 */
const FILE_BODY_LIMIT = 2 * STUDIO_LIMITS.sourcesMaxBytes + 64 * 1024;
/** Just over the image limit, so a file a byte too large still gets our own words. */
const IMAGE_BODY_LIMIT = STUDIO_LIMITS.imageMaxBytes + 64 * 1024;

function imageBytes(bytes: Buffer): Buffer {
  if (bytes.length > STUDIO_LIMITS.imageMaxBytes) throw new AppError(STATUS.AVATAR_TOO_LARGE);
  return bytes;
}

/** The studio's calls: thin routes over the service, which checks who may do what. */
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
  defineRoute(app, CALLS.studioCompile, ({ body, auth }) => studio.compile(auth.userId, body.id));
  defineRoute(app, CALLS.studioPreview, ({ body, auth }) => studio.preview(auth.userId, body));
  defineRoute(app, CALLS.studioPublish, ({ body, auth }) => studio.publish(auth.userId, body.id));
  defineRoute(app, CALLS.studioUnpublish, ({ body, auth }) =>
    studio.unpublish(auth.userId, body.id),
  );
  defineRoute(app, CALLS.adminUnpublish, ({ body, auth }) =>
    studio.adminUnpublish(auth.userId, body.game_id),
  );
  defineUploadRoute(
    app,
    CALLS.studioCoverUpload,
    { bodyLimit: IMAGE_BODY_LIMIT },
    ({ query, bytes, auth }) => studio.setCover(auth.userId, query.id, imageBytes(bytes)),
  );
  defineUploadRoute(
    app,
    CALLS.studioExpressionUpload,
    { bodyLimit: IMAGE_BODY_LIMIT },
    ({ query, bytes, auth }) =>
      studio.setExpression(
        auth.userId,
        query.id,
        query.character,
        query.expression,
        imageBytes(bytes),
      ),
  );
}
