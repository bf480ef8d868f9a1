/**
 * The built-in moderation list: a small, deliberately narrow baseline. It blocks what a story
 * game should never carry in either direction, and nothing a story legitimately contains
 * (fights, villains, danger, romance between adults). Latin terms match whole words after
 * folding case, width and common letter substitutions; Chinese and Japanese terms match
 * anywhere. Operators who need more plug a stronger `Moderator` in (see moderation.ts).
 */
export type ModerationCategory = 'sexual_minors' | 'self_harm' | 'hate' | 'personal_data';

export const MODERATION_TERMS: Record<Exclude<ModerationCategory, 'personal_data'>, string[]> = {
  sexual_minors: [
    'child porn',
    'child pornography',
    'underage sex',
    'sex with a child',
    'sex with children',
    'loli porn',
    'pedophile porn',
    '儿童色情',
    '幼女色情',
    '未成年色情',
    '和小孩做爱',
    '児童ポルノ',
    'ロリエロ',
    '未成年とセックス',
  ],
  self_harm: [
    'kill yourself',
    'kys',
    'go kill yourself',
    'you should die',
    'cut yourself',
    'end your life',
    'how to kill myself',
    'i want to kill myself',
    '去死吧',
    '你去死',
    '自杀吧',
    '怎么自杀',
    '我想自杀',
    '死ね',
    '自殺しろ',
    '自殺の方法',
    '死にたい',
  ],
  hate: [
    'nigger',
    'niggers',
    'faggot',
    'faggots',
    'kike',
    'gas the jews',
    'subhuman race',
    '支那猪',
    '黑鬼',
    '劣等民族',
    'チョン死ね',
    '劣等人種',
  ],
};

/** Letters people swap in to dodge a word list: folded back before matching Latin terms. */
export const LEET_FOLD: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
