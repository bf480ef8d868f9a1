import type { GameCard, HomeSection, Page } from '@taleforge/contracts';
import type { Locale, ScriptType } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import { toGameCard } from './game-card.js';
import { createGameListService } from './list-service.js';
import {
  countPublishedGames,
  type GameOrder,
  listPublishedGames,
  listPublishedScriptTypes,
} from './queries.js';

const SECTION_SIZE = 10;

/** The home's featured game: the hero, first on the page. */
export const FEATURED_SECTION = 'featured';

/** recommended and new, then one section per genre that has games. */
function sectionQuery(key: string): { order: GameOrder; scriptType?: string } {
  if (key === 'recommended' || key === FEATURED_SECTION) return { order: 'popular' };
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

  /**
   * The featured game, then the shelves in order, each game on the page once (docs/decisions/0030):
   * the first screen never shows a game twice, and a shelf that only repeats is not a shelf. Each
   * shelf is filled from the games no earlier shelf took, so the reads run one after another; the
   * answer is cached (decision 5), so that costs once per lifetime, not once per visitor.
   */
  async function home(locale: Locale): Promise<{ sections: HomeSection[] }> {
    const keys = [FEATURED_SECTION, 'recommended', 'new', ...(await listPublishedScriptTypes(db))];
    const shown: number[] = [];
    const sections: HomeSection[] = [];
    for (const key of keys) {
      const rows = await listPublishedGames(db, {
        ...sectionQuery(key),
        limit: key === FEATURED_SECTION ? 1 : SECTION_SIZE,
        offset: 0,
        excludeIds: shown,
      });
      if (rows.length === 0) continue;
      shown.push(...rows.map((row) => row.game.id));
      const mixed = key === FEATURED_SECTION || key === 'recommended' || key === 'new';
      sections.push({
        key,
        script_type: mixed ? null : (key as ScriptType),
        games: rows.map((row) => toGameCard(row, locale)),
      });
    }
    return { sections };
  }

  return { home, page, ...createGameListService(db) };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
