import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MediaStore } from '../media/index.js';
import type { StoryProcesses } from '../play/index.js';
import { createPublishing } from './publishing.js';
import { createStudioCore } from './studio-service.js';
import { createUploads } from './uploads.js';

export interface StudioDeps {
  db: Db;
  now: () => Date;
  media: MediaStore;
  log: FastifyBaseLogger;
  /** Where uploaded media and generated art are served. */
  mediaBase: string;
  artBase: string;
  /** A game's content changed on the player site: drop what was cached of it. */
  onPublished?: (gameId: number) => void;
  /** The processes creators' stories run in (the app closes them). */
  stories: StoryProcesses;
}

/**
 * The studio as its routes and the other studio parts (import, export, analytics) use it. Every
 * entry takes the signed-in account's id first: a visitor account gets 6514, another owner's
 * work 6501.
 */
export function createStudioService(deps: StudioDeps) {
  const core = createStudioCore({
    db: deps.db,
    now: deps.now,
    urls: { mediaBase: deps.mediaBase },
  });
  const publishing = createPublishing({
    db: deps.db,
    now: deps.now,
    core,
    mediaBase: deps.mediaBase,
    artBase: deps.artBase,
    onPublished: deps.onPublished ?? (() => {}),
    stories: deps.stories,
  });
  const uploads = createUploads({
    core,
    media: deps.media,
    mediaBase: deps.mediaBase,
    log: deps.log,
  });
  return {
    list: core.list,
    get: core.get,
    create: core.create,
    update: core.update,
    sources: core.sources,
    file: core.file,
    saveFile: core.saveFile,
    deleteFile: core.deleteFile,
    addImported: core.addImported,
    /** The owner's work or 6501 (and 6514 for a visitor): for parts that read a work's rows. */
    ownedWork: async (ownerId: number, workId: number) => {
      await core.creator(ownerId);
      return core.owned(ownerId, workId);
    },
    ...publishing,
    ...uploads,
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
