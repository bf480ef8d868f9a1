import type { GameCard, GoodsTier, Order, Page, UserGame, WalletEntry } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import type { GameListService } from '../games/index.js';
import type { ChapterPart, StoryPlace } from '../play/index.js';

/**
 * Everything the assistant may know of other modules, each a read of the service the pages use.
 * There is no spend, unlock or save among them: what the assistant cannot reach it cannot be
 * talked into doing. Every read about a player takes the session's user, never one a tool names.
 */
export interface AssistantReaders {
  /** The browse page's list (genre, kind, title and tag search). */
  listWorks: GameListService['list'];
  /** Published works by id, as cards in the reader's language (unpublished ones are left out). */
  workCards(ids: number[], locale: Locale): Promise<GameCard[]>;
  /** The home's "continue" row: the player's games, most recently played first. */
  userGames(
    userId: number,
    locale: Locale,
    page: number,
    pageSize: number,
  ): Promise<Page<UserGame>>;
  balance(userId: number): Promise<number>;
  /** The wallet page's history, newest first. */
  transactions(userId: number, page: number, pageSize: number): Promise<Page<WalletEntry>>;
  /** The player's own latest order that brought no gems. */
  latestUnpaidOrder(userId: number): Promise<Order | null>;
  /**
   * A published work's chapters (a story) or episodes (a series), priced and locked for this
   * player as its page lists them; null when no such work is published.
   */
  workParts(userId: number, locale: Locale, workId: number): Promise<ChapterPart[] | null>;
  /** Where the player's own save of a published story stands; null without one. */
  storyPlace(userId: number, locale: Locale, workId: number): Promise<StoryPlace | null>;
  /** The top-up packs in the currency of the language. */
  prices(locale: Locale): GoodsTier[];
}

export type { ChapterPart, StoryPlace };
