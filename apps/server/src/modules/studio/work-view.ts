import type { StudioWork, StudioWorkSummary } from '@taleforge/contracts';
import type { WorkRow } from './work-queries.js';

export interface GameState {
  cover: string;
  publishedAt: Date | null;
}

export interface ViewUrls {
  /** Where uploaded media is served (`…/media`). */
  mediaBase: string;
}

function stateOf(row: WorkRow, game: GameState | null): StudioWorkSummary['state'] {
  if (row.gameId === null || !game) return 'draft';
  return game.publishedAt ? 'published' : 'unpublished';
}

/** An uploaded cover wins; then the published game's; a draft never published has none yet. */
function coverOf(row: WorkRow, game: GameState | null, urls: ViewUrls): string {
  if (row.coverMedia) return `${urls.mediaBase}/${row.coverMedia}`;
  return game?.cover ?? '';
}

export function toSummary(row: WorkRow, game: GameState | null, urls: ViewUrls): StudioWorkSummary {
  const state = stateOf(row, game);
  return {
    id: row.id,
    title: row.title,
    script_type: row.scriptType,
    cover_url: coverOf(row, game, urls),
    state,
    has_changes: row.publishedRevision !== row.revision,
    updated_at: row.updatedAt.toISOString(),
    published_at: state === 'published' ? (game!.publishedAt?.toISOString() ?? null) : null,
    game_id: row.gameId,
  };
}

export function toWork(
  row: WorkRow,
  game: GameState | null,
  files: { path: string; size: number }[],
  urls: ViewUrls,
): StudioWork {
  return {
    ...toSummary(row, game, urls),
    description: row.description,
    tags: row.tags,
    characters: row.characters,
    chapters: row.chapters,
    tasks: row.tasks,
    minigames: row.minigames,
    files,
    revision: row.revision,
  };
}
