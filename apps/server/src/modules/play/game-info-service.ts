import type { Page, ResourceInfo, UserGame } from '@taleforge/contracts';
import { EXPRESSIONS, type Expression, type Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { findGameCards, localize, toGameCard } from '../games/index.js';
import { listChapters, listGameAudio, loadGameContent } from './content-queries.js';
import { toChapterInfo } from './play-view.js';
import { countUserSaves, findSave, listUserSaves } from './save-queries.js';
import { canPlayChapter } from './unlocks.js';

/** URLs of generated art, served by art-routes.ts under `artBase`. */
export function artUrls(artBase: string) {
  return {
    portrait: (npcId: number, expression: Expression) =>
      `${artBase}/npc/${npcId}/${expression}.svg`,
    scene: (gameId: number, key: string) => `${artBase}/scene/${gameId}/${key}.svg`,
    cover: (gameId: number) => `${artBase}/cover/${gameId}.svg`,
  };
}

export function createGameInfoService({
  db,
  artBase,
  mediaBase,
}: {
  db: Db;
  artBase: string;
  /** Where the media store is served (modules/media/routes.ts). */
  mediaBase: string;
}) {
  const urls = artUrls(artBase);

  return {
    /** What the play page loads once: chapters with lock state, portraits, scenes, music. */
    async resourceInfo(userId: number, locale: Locale, gameId: number): Promise<ResourceInfo> {
      const [card] = await findGameCards(db, [gameId]);
      if (!card) throw new AppError(STATUS.GAME_NOT_FOUND);
      const [chapters, content, audio, save] = await Promise.all([
        listChapters(db, gameId),
        loadGameContent(db, gameId),
        listGameAudio(db, gameId),
        findSave(db, userId, gameId),
      ]);
      const completed = save?.completedChapters ?? [];
      return {
        game: toGameCard(card, locale),
        chapters: await Promise.all(
          chapters.map(async (c) =>
            toChapterInfo(c, locale, await canPlayChapter(db, userId, c), completed.includes(c.id)),
          ),
        ),
        npcs: content.npcs.map((npc) => ({
          id: npc.id,
          key: npc.key,
          name: localize(npc.name, locale),
          greeting: localize(npc.greeting, locale),
          portraits: Object.fromEntries(
            // An uploaded picture shows where there is one; the drawn face everywhere else.
            EXPRESSIONS.map((e) => [e, npc.expressions?.[e] ?? urls.portrait(npc.id, e)]),
          ) as Record<Expression, string>,
        })),
        scenes: content.scenes.map((s) => ({ key: s.key, url: urls.scene(gameId, s.key) })),
        audio: audio.map((a) => ({
          key: a.key,
          kind: a.kind,
          url: `${mediaBase}/${a.media}`,
          loop: a.loop,
        })),
        save: save ? { chapter_id: save.chapterId, seq: save.seq } : null,
      };
    },

    /** Games the player has a save in, most recently played first. */
    async userGames(
      userId: number | null,
      locale: Locale,
      page: number,
      pageSize: number,
    ): Promise<Page<UserGame>> {
      if (userId === null) return { list: [], page, page_size: pageSize, total: 0 };
      const [saves, total] = await Promise.all([
        listUserSaves(db, userId, pageSize, (page - 1) * pageSize),
        countUserSaves(db, userId),
      ]);
      const cards = new Map(
        (
          await findGameCards(
            db,
            saves.map((s) => s.gameId),
          )
        ).map((c) => [c.game.id, c]),
      );
      const list = await Promise.all(
        saves
          .filter((s) => cards.has(s.gameId))
          .map(async (save) => {
            const card = cards.get(save.gameId)!;
            const chapters = await listChapters(db, save.gameId);
            const chapter = chapters.find((c) => c.id === save.chapterId);
            const done = chapters.filter((c) => save.completedChapters.includes(c.id)).length;
            return {
              game: toGameCard(card, locale),
              chapter_id: save.chapterId,
              chapter_title: chapter ? localize(chapter.title, locale) : null,
              progress_percent: chapters.length ? Math.round((done / chapters.length) * 100) : 0,
              last_played_at: save.updatedAt.toISOString(),
            };
          }),
      );
      return { list, page, page_size: pageSize, total };
    },
  };
}

export type GameInfoService = ReturnType<typeof createGameInfoService>;
