import type { GameCard, HomeSection } from '@taleforge/contracts';

export type HomeLayout = { hero: GameCard | undefined; shelves: HomeSection[] };

/**
 * What the page shows, top to bottom: the hero, the player's own "continue" shelf (drawn apart),
 * then the catalogue's shelves. The server already shows each game once (decision 33); the games a
 * player has started are theirs alone, so they are taken out here: the hero is the first featured
 * story (the server ranks up to three, decision 49) or recommended game not being continued, no shelf repeats a game shown above it, and a shelf
 * left empty is not drawn.
 */
export function arrangeHome(sections: HomeSection[], continuing: readonly GameCard[]): HomeLayout {
  const shown = new Set(continuing.map((game) => game.id));
  const candidates = sections
    .filter((section) => section.key === 'featured' || section.key === 'recommended')
    .flatMap((section) => section.games);
  // The hero reads "featured story" and starts it: a series is shown on its shelves instead.
  const stories = (games: readonly GameCard[]) => games.filter((game) => game.kind === 'story');
  const hero =
    stories(candidates).find((game) => !shown.has(game.id)) ??
    stories(sections.flatMap((section) => section.games))[0];
  if (hero) shown.add(hero.id);
  const shelves: HomeSection[] = [];
  for (const section of sections) {
    if (section.key === 'featured') continue;
    const games = section.games.filter((game) => !shown.has(game.id));
    for (const game of games) shown.add(game.id);
    if (games.length > 0) shelves.push({ ...section, games });
  }
  return { hero, shelves };
}
