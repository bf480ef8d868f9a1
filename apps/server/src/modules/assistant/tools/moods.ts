import type { ScriptType } from '@taleforge/contracts/constants';

/**
 * Words a player uses for what they feel like, in the three languages, and what each means in
 * the catalogue: tags (as written in game.json, in English) and genres. Both the offline
 * engine (finding the words in a message) and `find_works` (reading the model's `mood`) use it.
 */
export interface Mood {
  key: string;
  /** Latin words match whole words; CJK words match anywhere (no spaces to split on). */
  words: string[];
  tags: string[];
  genres: ScriptType[];
}

export const MOODS: Mood[] = [
  {
    key: 'romance',
    words: [
      'romance',
      'romantic',
      'love',
      'love story',
      '恋爱',
      '爱情',
      '浪漫',
      '言情',
      '恋愛',
      'ロマンス',
      'ラブ',
      '恋',
    ],
    tags: ['romance'],
    genres: ['ROMANCE'],
  },
  {
    key: 'mystery',
    words: [
      'mystery',
      'mysteries',
      'detective',
      'suspense',
      'thriller',
      'crime',
      'whodunit',
      '悬疑',
      '推理',
      '侦探',
      '神秘',
      'ミステリー',
      'サスペンス',
      '探偵',
      '謎',
    ],
    tags: ['mystery', 'suspense', 'noir'],
    genres: ['SUSPENSE'],
  },
  {
    key: 'sci-fi',
    words: [
      'sci-fi',
      'scifi',
      'science fiction',
      'space',
      'future',
      'robot',
      'robots',
      '科幻',
      '太空',
      '未来',
      '宇宙',
      'sf',
    ],
    tags: ['sci-fi', 'space', 'AI'],
    genres: ['FUTURE'],
  },
  {
    key: 'magic',
    words: [
      'magic',
      'magical',
      'fantasy',
      'wizard',
      'witch',
      '魔法',
      '奇幻',
      'ファンタジー',
      '魔女',
    ],
    tags: ['magic'],
    genres: ['MAGIC'],
  },
  {
    key: 'cozy',
    words: [
      'cozy',
      'cosy',
      'relaxing',
      'calm',
      'chill',
      'light',
      'wholesome',
      'heartwarming',
      '轻松',
      '治愈',
      '温馨',
      '日常',
      '癒し',
      'ほのぼの',
      '気楽',
      'のんびり',
    ],
    tags: ['slice of life', 'café'],
    genres: [],
  },
  {
    key: 'school',
    words: ['school', 'academy', 'student', '校园', '学院', '学生', '学園', '学校'],
    tags: ['school', 'coming of age'],
    genres: [],
  },
  {
    key: 'comedy',
    words: [
      'funny',
      'comedy',
      'laugh',
      'humor',
      'humour',
      '搞笑',
      '喜剧',
      '幽默',
      'コメディ',
      '笑える',
      'お笑い',
    ],
    tags: [],
    genres: ['COMEDY'],
  },
  {
    key: 'dark',
    words: [
      'dark',
      'scary',
      'creepy',
      'spooky',
      'eerie',
      '恐怖',
      '黑暗',
      '吓人',
      '诡异',
      '怖い',
      'ホラー',
      'ダーク',
      '不気味',
    ],
    tags: ['noir', 'mystery'],
    genres: ['SUSPENSE'],
  },
  {
    key: 'adventure',
    words: ['adventure', 'heroes', 'hero', 'action', '冒险', '英雄', '冒険', 'ヒーロー'],
    tags: [],
    genres: ['HEROES', 'CHALLENGE'],
  },
];

const LATIN = /^[\x20-\x7e]+$/;

/** Whether a word occurs in (already lowercased) text: a whole word for Latin, anywhere for CJK. */
export function hasWord(text: string, word: string): boolean {
  if (!LATIN.test(word)) return text.includes(word);
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(text);
}

/** The moods whose words occur in the text, in table order. */
export function moodsIn(text: string): Mood[] {
  const folded = text.normalize('NFKC').toLowerCase();
  return MOODS.filter((mood) => mood.words.some((word) => hasWord(folded, word.toLowerCase())));
}
