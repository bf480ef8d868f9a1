import type { GameCard } from '@taleforge/contracts';

/** A published game card as the home calls return it; override what a test is about. */
export function buildGameCard(overrides: Partial<GameCard> = {}): GameCard {
  return {
    id: 1,
    kind: 'story',
    title: 'The Lantern Keeper',
    cover: '',
    description: 'A keeper, a storm and a light that must not go out.',
    script_type: 'SUSPENSE',
    tags: ['suspense'],
    languages: ['en_US'],
    creator: { taleforge_id: 'u1', nick_name: 'Mara', avatar: null },
    chapter_count: 3,
    play_count: 1200,
    like_count: 87,
    published_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
