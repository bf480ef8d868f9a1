import type { GameCard } from '@taleforge/contracts';
import type { Locale, ScriptType, WorkKind } from '@taleforge/contracts/constants';
import type { LocalizedText } from '../../platform/db/schema/index.js';
import type { GameCardRow } from './queries.js';
import { localizeTag } from './tag-labels.js';

export function localize(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en_US;
}

/** The only way a game row leaves the server. */
export function toGameCard({ game, creator }: GameCardRow, locale: Locale): GameCard {
  return {
    id: game.id,
    kind: game.kind as WorkKind,
    title: localize(game.title, locale),
    cover: game.cover,
    description: localize(game.description, locale),
    script_type: game.scriptType as ScriptType,
    tags: game.tags.map((tag) => localizeTag(tag, locale)),
    languages: game.languages,
    creator: {
      taleforge_id: creator.publicId,
      nick_name: creator.nickName ?? '',
      avatar: creator.avatar,
    },
    chapter_count: game.chapterCount,
    play_count: game.playCount,
    like_count: game.likeCount,
    published_at: (game.publishedAt ?? game.createdAt).toISOString(),
  };
}
