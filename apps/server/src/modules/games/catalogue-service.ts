import type { GameCard, HomeSection, Page } from '@taleforge/contracts';
import type { Locale, ScriptType } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import { FEATURED_CANDIDATES, type FeaturedService } from './featured-service.js';
import { toGameCard } from './game-card.js';
import { createGameListService } from './list-service.js';
import {
  countPublishedGames,
  findGameCards,
  type GameCardRow,
  type GameOrder,
  listPublishedGames,
  listPublishedScriptTypes,
} from './queries.js';

const SECTION_SIZE = 10;

/** The home's featured game: the hero, first on the page. */
export const FEATURED_SECTION = 'featured';

/** recommended and new, then one section per genre that has games. */
function sectionQuery(key: string): { order: GameOrder; scriptType?: string } {
  if (key === 'recommended') return { order: 'popular' };
  if (key === 'new') return { order: 'newest' };
  return { order: 'popular', scriptType: key };
}

export function createCatalogueService(db: Db, featured: Pick<FeaturedService, 'candidates'>) {
  /** The featured section's stories in the rule's order (decision 49), those still on the site. */
  async function featuredRows(): Promise<GameCardRow[]> {
    const ids = await featured.candidates();
    const rows = new Map((await findGameCards(db, ids)).map((row) => [row.game.id, row]));
    return ids
      .flatMap((id) => rows.get(id) ?? [])
      .filter((row) => row.game.kind === 'story')
      .slice(0, FEATURED_CANDIDATES);
  }

  async function page(
    key: string,
    locale: Locale,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<GameCard>> {
    if (key === FEATURED_SECTION) {
      const rows = await featuredRows();
      return {
        list: rows
          .slice((pageNo - 1) * pageSize, pageNo * pageSize)
          .map((r) => toGameCard(r, locale)),
        page: pageNo,
        page_size: pageSize,
        total: rows.length,
      };
    }
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
   * The featured stories, then the shelves in order, each game on the page once (docs/decisions/0033):
   * the first screen never shows a game twice, and a shelf that only repeats is not a shelf. Each
   * shelf is filled from the games no earlier shelf took, so the reads run one after another; the
   * answer is cached (decision 5), so that costs once per lifetime, not once per visitor. Only the
   * first featured story is kept off the shelves: the others are the hero's stand-ins for a player
   * already continuing it (decision 49), and the browser takes whichever it shows off the shelves.
   */
  async function home(locale: Locale): Promise<{ sections: HomeSection[] }> {
    const sections: HomeSection[] = [];
    const hero = await featuredRows();
    if (hero.length > 0)
      sections.push({
        key: FEATURED_SECTION,
        script_type: null,
        games: hero.map((row) => toGameCard(row, locale)),
      });
    const shown: number[] = hero.slice(0, 1).map((row) => row.game.id);
    const keys = ['recommended', 'new', ...(await listPublishedScriptTypes(db))];
    for (const key of keys) {
      const rows = await listPublishedGames(db, {
        ...sectionQuery(key),
        limit: SECTION_SIZE,
        offset: 0,
        excludeIds: shown,
      });
      if (rows.length === 0) continue;
      shown.push(...rows.map((row) => row.game.id));
      const mixed = key === 'recommended' || key === 'new';
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
