import type { Intent } from '@taleforge/contracts/character-persona';
import { containsKeyword } from '../text-match.js';

/**
 * What the offline engine hears in a message without the creator listing words: common ways
 * to say each intent in English, Chinese and Japanese. Checked in this order; the first wins,
 * so the more specific intents come first and the catch-all `question` last.
 */
const INTENT_WORDS: ReadonlyArray<[Intent, readonly string[]]> = [
  [
    'insult',
    [
      'stupid',
      'idiot',
      'shut up',
      'useless',
      'hate you',
      'dumb',
      '笨蛋',
      '白痴',
      '闭嘴',
      '讨厌你',
      '没用',
      'バカ',
      'ばか',
      '馬鹿',
      'うるさい',
      '黙れ',
      '嫌い',
    ],
  ],
  [
    'flirt',
    [
      'i love you',
      'love you',
      'you are cute',
      "you're cute",
      'beautiful',
      'date me',
      'kiss',
      '我爱你',
      '喜欢你',
      '可爱',
      '漂亮',
      '亲亲',
      '好き',
      '愛してる',
      'かわいい',
      '可愛い',
      'キス',
    ],
  ],
  [
    'thanks',
    ['thank you', 'thanks', 'thx', 'appreciate', '谢谢', '多谢', '感谢', 'ありがとう', '感謝'],
  ],
  [
    'farewell',
    [
      'bye',
      'goodbye',
      'see you',
      'farewell',
      'good night',
      '再见',
      '拜拜',
      '回头见',
      '晚安',
      'さようなら',
      'またね',
      'じゃあね',
      'おやすみ',
    ],
  ],
  [
    'greet',
    [
      'hello',
      'hi',
      'hey',
      'good morning',
      'good evening',
      'greetings',
      '你好',
      '您好',
      '嗨',
      '早上好',
      '晚上好',
      'こんにちは',
      'こんばんは',
      'おはよう',
      'やあ',
    ],
  ],
  [
    'who_are_you',
    [
      'who are you',
      'your name',
      'about yourself',
      'what are you',
      '你是谁',
      '你叫什么',
      '介绍一下你',
      'あなたは誰',
      '誰ですか',
      '名前は',
      'お名前',
    ],
  ],
  [
    'help',
    [
      'help',
      'hint',
      'what should i do',
      'stuck',
      'where do i',
      'how do i',
      '帮忙',
      '帮帮',
      '提示',
      '怎么办',
      '该做什么',
      '助けて',
      'ヒント',
      'どうすれば',
      '手伝って',
    ],
  ],
  [
    'refuse',
    [
      'no',
      'nope',
      'never',
      "i won't",
      'i refuse',
      '不要',
      '不行',
      '不会',
      '绝不',
      'いやだ',
      '嫌だ',
      'いいえ',
      'だめ',
    ],
  ],
  [
    'agree',
    [
      'yes',
      'okay',
      'ok',
      'sure',
      'deal',
      'of course',
      '好的',
      '可以',
      '没问题',
      '行',
      'はい',
      'いいよ',
      'もちろん',
      'わかった',
    ],
  ],
];

const QUESTION_MARK =
  /[?？]|\b(what|why|how|where|when|which)\b|吗|什么|为什么|怎么|哪|か[?？。]?$|なぜ|どうして|どこ|なに|何/u;

/** Intents heard in a normalized message, most specific first. */
export function detectIntents(normalizedText: string): Intent[] {
  const found: Intent[] = [];
  for (const [intent, words] of INTENT_WORDS) {
    if (words.some((w) => containsKeyword(normalizedText, w))) found.push(intent);
  }
  if (QUESTION_MARK.test(normalizedText)) found.push('question');
  return found;
}
