import type { StudioWork, StudioWorkSummary } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { MediaStore } from '../media/index.js';
import type { StudioCore } from './studio-service.js';
import { workImage } from './work-image.js';

export interface UploadDeps {
  core: StudioCore;
  media: MediaStore;
  mediaBase: string;
  log: FastifyBaseLogger;
}

/** Cover and expression pictures: through sharp into the media store, then onto the draft. */
export function createUploads({ core, media, mediaBase, log }: UploadDeps) {
  async function store(bytes: Buffer, kind: 'cover' | 'expression'): Promise<string> {
    const image = await workImage(bytes, kind);
    if (!image) throw new AppError(STATUS.AVATAR_NOT_IMAGE);
    try {
      return await media.put(image, 'webp');
    } catch (error) {
      log.error({ err: error }, `studio ${kind} could not be stored`);
      throw new AppError(STATUS.AVATAR_SAVE_FAILED);
    }
  }

  return {
    /** The draft's cover becomes this picture; players see it at the next publish. */
    async setCover(ownerId: number, workId: number, bytes: Buffer): Promise<StudioWorkSummary> {
      await core.creator(ownerId);
      await core.owned(ownerId, workId);
      const name = await store(bytes, 'cover');
      // Read in the transaction: on the embedded database a read outside it waits for it forever.
      return core.change(ownerId, workId, async (tx) => ({
        changes: { coverMedia: name },
        result: (row) => core.summary(row, tx),
      }));
    },

    async setExpression(
      ownerId: number,
      workId: number,
      character: string,
      expression: Expression,
      bytes: Buffer,
    ): Promise<StudioWork> {
      await core.creator(ownerId);
      const before = await core.owned(ownerId, workId);
      if (!before.characters.some((c) => c.key === character)) {
        throw new AppError(STATUS.INVALID_PARAMS, `character "${character}"`);
      }
      const url = `${mediaBase}/${await store(bytes, 'expression')}`;
      return core.change(ownerId, workId, async (tx, row) => {
        // Read again under the lock: the character may have gone while the picture was made.
        if (!row.characters.some((c) => c.key === character)) {
          throw new AppError(STATUS.INVALID_PARAMS, `character "${character}"`);
        }
        const characters = row.characters.map((c) =>
          c.key === character ? { ...c, expressions: { ...c.expressions, [expression]: url } } : c,
        );
        return { changes: { characters }, result: (updated) => core.view(updated, tx) };
      });
    },
  };
}
