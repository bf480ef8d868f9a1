import type { Locale } from '@taleforge/contracts/constants';

/** The name every preview carries (og:site_name, the document title's tail). */
export const SITE_NAME = 'Taleforge';

/** What a link preview says where a work or a player has no words of its own. */
export const SHARE_TEXTS: Record<
  Locale,
  { site: string; unnamed: string; profile: (name: string) => string }
> = {
  en_US: {
    site: 'Taleforge — branching story games, AI characters and drama episodes.',
    unnamed: 'Unnamed player',
    profile: (name) => `${name}'s stories, plays and favourites on Taleforge.`,
  },
  zh_CN: {
    site: 'Taleforge —— 分支剧情游戏、AI 角色与短剧。',
    unnamed: '未命名玩家',
    profile: (name) => `${name} 在 Taleforge 的作品、游玩与喜欢。`,
  },
  ja_JP: {
    site: 'Taleforge — 選択で物語が分かれるゲーム、AI キャラクター、ドラマエピソード。',
    unnamed: '名前のないプレイヤー',
    profile: (name) => `Taleforge での${name}さんの作品・プレイ・お気に入り。`,
  },
};
