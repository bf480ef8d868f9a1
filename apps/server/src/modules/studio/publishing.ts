import type { StudioWorkSummary } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  artUrls,
  isTakenDown,
  type PreviewResult,
  publishGame,
  StoryCompileError,
  type StoryProcesses,
  takeDownGame,
  unpublishGame,
} from '../play/index.js';
import { type CompiledWork, diagnoseWork } from './compile.js';
import { definitionOf, filled } from './definition.js';
import type { StudioCore } from './studio-service.js';
import * as q from './work-queries.js';

export interface PublishingDeps {
  db: Db;
  now: () => Date;
  core: StudioCore;
  mediaBase: string;
  artBase: string;
  /** A game's content changed on the player site: drop what was cached of it. */
  onPublished: (gameId: number) => void;
  /** Where a creator's ink runs: processes with a time budget, never the event loop. */
  stories: StoryProcesses;
}

/** Studio games are named by their work: unique by its id, readable by its title. */
function newSlug(workId: number, title: string): string {
  const short = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return `w${workId}-${short || 'work'}`;
}

/** How many problems a refused publish names; the compile call lists them all. */
const NAMED_PROBLEMS = 3;

/** Compile, preview, publish and unpublish: the draft meets play's runtime and catalogue. */
export function createPublishing({
  db,
  now,
  core,
  mediaBase,
  artBase,
  onPublished,
  stories,
}: PublishingDeps) {
  const art = artUrls(artBase);

  async function draft(ownerId: number, workId: number) {
    await core.creator(ownerId);
    const row = await core.owned(ownerId, workId);
    const files = await q.listFiles(db, workId);
    const game = row.gameId === null ? null : await q.findGameState(db, row.gameId);
    const slug = game?.slug ?? newSlug(row.id, filled(row.title)?.en_US ?? '');
    return { row, files, def: definitionOf(row, files, slug) };
  }

  return {
    async compile(ownerId: number, workId: number): Promise<Omit<CompiledWork, 'stories'>> {
      const { def } = await draft(ownerId, workId);
      const { ok, diagnostics } = diagnoseWork(def, await stories.inspect(def));
      return { ok, diagnostics };
    },

    async preview(
      ownerId: number,
      input: { id: number; chapter: number; knot?: string; choices: number[] },
    ): Promise<PreviewResult> {
      const { def } = await draft(ownerId, input.id);
      const chapter = def.chapters[input.chapter - 1];
      if (!chapter) throw new AppError(STATUS.INVALID_PARAMS, `chapter ${input.chapter}`);
      return stories.preview({
        def: { ...def, chapters: [chapter], audio: [] },
        ...(input.knot !== undefined && { knot: input.knot }),
        choices: input.choices,
      });
    },

    /**
     * One transaction writes the game, every changed chapter's new version and the work's
     * published revision; then the catalogue forgets what it had, so players see it at once.
     */
    async publish(ownerId: number, workId: number): Promise<StudioWorkSummary> {
      const { row, def } = await draft(ownerId, workId);
      if (!filled(row.title) || def.chapters.length === 0) {
        throw new AppError(STATUS.STUDIO_NOTHING_TO_PUBLISH);
      }
      if (row.gameId !== null && (await isTakenDown(db, row.gameId))) {
        throw new AppError(STATUS.STUDIO_TAKEN_DOWN);
      }
      const missing = def.chapters.find((c) => def.inkFiles?.[c.file!] === undefined);
      if (missing) throw new AppError(STATUS.STUDIO_STORY_HAS_ERRORS, `${missing.file}: no file`);
      // Compiled in a story process, within its budget (a source that takes the compiler too
      // long is refused there, 6520); publishing keeps what it compiled.
      const inspections = await stories.inspect(def);
      const checked = diagnoseWork(def, inspections);
      if (!checked.ok) {
        const named = checked.diagnostics
          .filter((d) => d.severity === 'error')
          .slice(0, NAMED_PROBLEMS)
          .map((d) => `${d.file}:${d.line}: ${d.message}`)
          .join('; ');
        throw new AppError(STATUS.STUDIO_STORY_HAS_ERRORS, named);
      }
      let gameId: number;
      try {
        gameId = await publishGame(db, def, {
          creatorId: ownerId,
          now: now(),
          coverUrl: art.cover,
          ...(row.coverMedia ? { cover: `${mediaBase}/${row.coverMedia}` } : {}),
          reveal: true,
          compiled: inspections.map((c) => ({ storyJson: c.storyJson!, included: c.included })),
          alongside: async (tx, id) => {
            const marked = await q.markPublished(tx, row.id, {
              gameId: id,
              publishedRevision: row.revision,
            });
            if (!marked) throw new AppError(STATUS.STUDIO_REVISION_CONFLICT);
          },
        });
      } catch (error) {
        if (!(error instanceof StoryCompileError)) throw error;
        const named = error.problems
          .slice(0, NAMED_PROBLEMS)
          .map((p) => `${p.file}:${p.line ?? 0}: ${p.message}`)
          .join('; ');
        throw new AppError(STATUS.STUDIO_STORY_HAS_ERRORS, named);
      }
      onPublished(gameId);
      return core.summary((await core.owned(ownerId, workId))!);
    },

    async unpublish(ownerId: number, workId: number): Promise<StudioWorkSummary> {
      await core.creator(ownerId);
      const row = await core.owned(ownerId, workId);
      if (row.gameId === null || !(await unpublishGame(db, row.gameId))) {
        throw new AppError(STATUS.STUDIO_NOT_PUBLISHED);
      }
      onPublished(row.gameId);
      return core.summary(row);
    },

    /** A deleted work's game leaves the player site with it; saves keep their rows. */
    async remove(ownerId: number, workId: number): Promise<void> {
      await core.creator(ownerId);
      const row = await core.owned(ownerId, workId);
      if (row.gameId !== null && (await unpublishGame(db, row.gameId))) onPublished(row.gameId);
      await core.remove(ownerId, workId);
    },

    /** An administrator takes any published game off the player site, a creator's or a demo. */
    async adminUnpublish(userId: number, gameId: number) {
      const account = await q.findAccount(db, userId);
      if (account?.role !== 'admin') throw new AppError(STATUS.STUDIO_NOT_ADMIN);
      if (!(await takeDownGame(db, gameId, now()))) throw new AppError(STATUS.STUDIO_NOT_PUBLISHED);
      onPublished(gameId);
      return { game_id: gameId, unpublished: true as const };
    },
  };
}
