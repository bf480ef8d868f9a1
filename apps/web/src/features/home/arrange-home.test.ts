import type { HomeSection } from '@taleforge/contracts';
import { describe, expect, it } from 'vitest';
import { buildGameCard } from '../../test/games';
import { arrangeHome } from './arrange-home';

const game = (id: number) => buildGameCard({ id, title: `Game ${id}` });
const section = (key: string, ids: number[]): HomeSection => ({
  key,
  script_type: null,
  games: ids.map(game),
});
const ids = (s: HomeSection) => s.games.map((g) => g.id);

describe('arrangeHome', () => {
  const sections = [
    section('featured', [1]),
    section('recommended', [2, 3, 4]),
    section('new', [5]),
    section('MAGIC', [6, 7]),
  ];

  it('features the featured game and keeps the server shelves as they are', () => {
    const { hero, shelves } = arrangeHome(sections, []);
    expect(hero?.id).toBe(1);
    expect(shelves.map((s) => s.key)).toEqual(['recommended', 'new', 'MAGIC']);
    expect(shelves.map(ids)).toEqual([[2, 3, 4], [5], [6, 7]]);
  });

  it('leaves the games a player continues out of the hero and every shelf, and drops emptied shelves', () => {
    const { hero, shelves } = arrangeHome(sections, [game(1), game(2), game(5)]);
    expect(hero?.id).toBe(3);
    expect(shelves.map((s) => s.key)).toEqual(['recommended', 'MAGIC']);
    expect(shelves.map(ids)).toEqual([[4], [6, 7]]);
  });

  it("gives a player continuing the featured story the server's runner-up, not the first shelf game", () => {
    // The server ranks up to three featured stories (decision 49); the runner-ups are also shelved.
    const ranked = [section('featured', [1, 3]), section('recommended', [2, 3, 4])];
    const { hero, shelves } = arrangeHome(ranked, [game(1)]);
    expect(hero?.id).toBe(3);
    expect(shelves.map(ids)).toEqual([[2, 4]]);
    expect(arrangeHome(ranked, []).shelves.map(ids)).toEqual([[2, 3, 4]]);
  });

  it('features a story game, never a series (the hero starts a story)', () => {
    const series = buildGameCard({ id: 9, kind: 'series', title: 'A series' });
    const { hero, shelves } = arrangeHome(
      [{ key: 'featured', script_type: null, games: [series] }, section('recommended', [2, 3])],
      [],
    );
    expect(hero?.id).toBe(2);
    expect(shelves.map(ids)).toEqual([[3]]);
    expect(arrangeHome([{ key: 'new', script_type: null, games: [series] }], []).hero).toBe(
      undefined,
    );
  });

  it('never shows a game twice even if the server repeated one, and hides empty shelves', () => {
    const { hero, shelves } = arrangeHome(
      [section('recommended', [1, 2]), section('new', [2, 1]), section('HEROES', [])],
      [],
    );
    expect(hero?.id).toBe(1);
    expect(shelves.map(ids)).toEqual([[2]]);
  });

  it('has no hero when nothing is published', () => {
    expect(arrangeHome([], [])).toEqual({ hero: undefined, shelves: [] });
  });
});
