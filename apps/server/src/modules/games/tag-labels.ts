import type { Locale } from '@taleforge/contracts/constants';

/**
 * Tags are written once, in English, in each game's game.json; these are their names in the other
 * interface languages. A tag without a line here shows (and is searched) as written.
 */
const TAG_LABELS: Record<string, Partial<Record<Locale, string>>> = {
  school: { zh_CN: '校园', ja_JP: '学園' },
  magic: { zh_CN: '魔法', ja_JP: '魔法' },
  'coming of age': { zh_CN: '成长', ja_JP: '青春' },
  'sci-fi': { zh_CN: '科幻', ja_JP: 'SF' },
  space: { zh_CN: '太空', ja_JP: '宇宙' },
  AI: { zh_CN: '人工智能', ja_JP: 'AI' },
  mystery: { zh_CN: '悬疑', ja_JP: 'ミステリー' },
  noir: { zh_CN: '黑色电影', ja_JP: 'ノワール' },
  harbour: { zh_CN: '港口', ja_JP: '港町' },
  romance: { zh_CN: '恋爱', ja_JP: '恋愛' },
  'slice of life': { zh_CN: '日常', ja_JP: '日常' },
  café: { zh_CN: '咖啡馆', ja_JP: 'カフェ' },
};

export function localizeTag(tag: string, locale: Locale): string {
  return TAG_LABELS[tag]?.[locale] ?? tag;
}
