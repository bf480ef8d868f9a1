/** What other modules may use of the catalogue: a game's card and localized text. */
export { localize, toGameCard } from './game-card.js';
export type { GameListService } from './list-service.js';
export { findGameCards } from './queries.js';
export { foldForSearch } from './search-text.js';
