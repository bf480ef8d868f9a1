import type { GameCard, HomeSection, Page } from '@taleforge/contracts';
import type { Locale, ScriptType } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import { toGameCard } from './game-card.js';
import {
  countPublishedGames,
  type GameOrder,
  listPublishedGames,
  listPublishedScriptTypes,
} from './queries.js';

const SECTION_SIZE = 10;

/** recommended and new, then one section per genre that has games. */
function sectionQuery(key: string): { order: GameOrder; scriptType?: string } {
  if (key === 'recommended') return { order: 'popular' };
  if (key === 'new') return { order: 'newest' };
  return { order: 'popular', scriptType: key };
}

export function createCatalogueService(db: Db) {
  async function page(
    key: string,
    locale: Locale,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<GameCard>> {
    const q = sectionQuery(key);
    const [rows, total] = await Promise.all([
      listPublishedGames(db, { ...q, limit: pageSize, offset: (pageNo - 1) * pageSize }),
      countPublishedGames(db, q.scriptType),
    ]);
    return {
      list: rows.map((r) => toGameCard(r, locale)),
      page: pageNo,
      page_size: pageSize,
      total,
    };
  }

  return {
    async home(locale: Locale): Promise<{ sections: HomeSection[] }> {
      const keys = ['recommended', 'new', ...(await listPublishedScriptTypes(db))];
      const sections = await Promise.all(
        keys.map(async (key) => ({
          key,
          script_type: key === 'recommended' || key === 'new' ? null : (key as ScriptType),
          games: (await page(key, locale, 1, SECTION_SIZE)).list,
        })),
      );
      return { sections: sections.filter((s) => s.games.length > 0) };
    },
    page,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
