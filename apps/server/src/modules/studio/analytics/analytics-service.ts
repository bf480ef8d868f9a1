import type { CallQuery, studioAnalyticsCall } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/request-context.js';
import { sumChatGems } from '../../chat/index.js';
import { listChapters, readSavePlays } from '../../play/index.js';
import { sumChapterUnlockGems } from '../../wallet/index.js';
import { aggregatePlays, type StudioAnalytics } from './aggregate.js';
import { findWorkOwnerAndGame } from './work-queries.js';

export type AnalyticsQuery = CallQuery<typeof studioAnalyticsCall>;

const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
const DAY_MS = 86_400_000;

export interface StudioAnalyticsDeps {
  db: Db;
  now: () => Date;
}

/** A work's figures for its creator, or any admin; anyone else is told it does not exist. */
export function createStudioAnalytics({ db, now }: StudioAnalyticsDeps) {
  async function gameOf(auth: AuthContext, workId: number): Promise<number | null> {
    if (auth.visitor) throw new AppError(STATUS.STUDIO_LOGIN_TO_CREATE);
    const work = await findWorkOwnerAndGame(db, workId);
    if (!work || (work.ownerId !== auth.userId && auth.role !== 'admin')) {
      throw new AppError(STATUS.STUDIO_WORK_NOT_FOUND);
    }
    return work.gameId;
  }

  return {
    async read(auth: AuthContext, query: AnalyticsQuery, locale: Locale): Promise<StudioAnalytics> {
      const gameId = await gameOf(auth, query.id);
      const to = now();
      const since =
        query.range === 'all' ? null : new Date(to.getTime() - RANGE_DAYS[query.range] * DAY_MS);
      // A draft never published has had no players yet.
      if (gameId === null) {
        const from = since ?? to;
        return aggregatePlays({
          chapters: [],
          plays: [],
          gems: { chapters: 0, chat: 0 },
          from,
          to,
          locale,
        });
      }
      const [chapters, plays, chapterGems, chatGems] = await Promise.all([
        listChapters(db, gameId),
        readSavePlays(db, gameId, since),
        sumChapterUnlockGems(db, gameId, since),
        sumChatGems(db, gameId, since),
      ]);
      const earliest = plays.reduce((min, p) => Math.min(min, p.updatedAt.getTime()), to.getTime());
      return aggregatePlays({
        chapters,
        plays,
        gems: { chapters: chapterGems, chat: chatGems },
        from: since ?? new Date(earliest),
        to,
        locale,
      });
    },
  };
}

export type StudioAnalyticsService = ReturnType<typeof createStudioAnalytics>;
