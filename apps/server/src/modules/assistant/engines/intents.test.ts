import { describe, expect, it } from 'vitest';
import { moodsIn } from '../tools/moods.js';
import { type Intent, intentOf, kindIn, searchWordsOf } from './intents.js';

// The offline engine's pattern tables: the same requests in English, Chinese and Japanese reach
// the same intent, and the order of the tables settles the phrasings two intents could claim.

const fold = (text: string) => text.normalize('NFKC').toLowerCase().trim();
const kindOf = (text: string) => intentOf(fold(text)).kind;

const CASES: [Intent['kind'], string[]][] = [
  [
    'report',
    [
      'The video is broken',
      'report a bug please',
      '视频打不开',
      '这里有个故障要反馈',
      '動画が動かない',
      '不具合を報告したい',
    ],
  ],
  [
    'payment',
    [
      'Why did my payment fail?',
      'my top-up failed',
      'the order was declined',
      '充值失败了',
      '为什么支付失败',
      '支払いが失敗しました',
      '決済できない',
    ],
  ],
  [
    'topic',
    [
      'What are gems?',
      'Do gems expire?',
      'Can I get a refund?',
      'how much do gems cost',
      '钻石是什么',
      '钻石有效期多久',
      '可以退款吗',
      '价格是多少',
      'ジェムとは',
      'ジェムの有効期限',
      '返金できますか',
      '値段はいくら？',
    ],
  ],
  [
    'topup',
    [
      'I want to top up',
      'buy gems',
      'recharge my account',
      'how do I get gems',
      'How can I get more gems?',
      'where do I get gems',
      '我要充值',
      '买钻石',
      '怎么获得钻石',
      '钻石从哪里来',
      'チャージしたい',
      'ジェムを買いたい',
      'ジェムはどうやって手に入れる？',
      'ジェムの入手方法',
    ],
  ],
  [
    'wallet',
    [
      'How many gems do I have?',
      'what did I spend',
      'my balance',
      '我的余额',
      '我花了多少',
      '残高を教えて',
      '何に使った？',
    ],
  ],
  [
    'continue',
    [
      'Continue my last game',
      'resume',
      '继续上次的故事',
      '接着玩',
      '続きから',
      '前回のゲームを再開',
    ],
  ],
  [
    'open',
    ['open the harbour ledger', 'play Rainy Café Hearts', '打开港口账簿', '港の帳簿を開いて'],
  ],
  [
    'find',
    [
      'find me a romance story',
      'recommend something',
      '找一个恋爱故事',
      '推荐一部短剧',
      '恋愛の物語を探して',
      'おすすめは？',
    ],
  ],
  ['greeting', ['Hello', 'hi there', '你好', 'こんにちは']],
  ['unknown', ['what is the weather like?', '今天天气怎么样', '今日の天気は？']],
];

describe('intents in three languages', () => {
  for (const [kind, texts] of CASES) {
    it(`${kind}: ${texts.length} phrasings`, () => {
      for (const text of texts) expect(kindOf(text), text).toBe(kind);
    });
  }

  it('names the topic asked about', () => {
    expect(intentOf(fold('do my gems expire?'))).toEqual({ kind: 'topic', topic: 'expiry' });
    expect(intentOf(fold('可以退款吗'))).toEqual({ kind: 'topic', topic: 'refunds' });
    expect(intentOf(fold('ジェムの値段は？'))).toEqual({ kind: 'topic', topic: 'prices' });
  });

  it('keeps the title of an open request as written', () => {
    expect(intentOf(fold('Open Rainy Café Hearts!'))).toEqual({
      kind: 'open',
      title: 'rainy café hearts',
    });
    expect(intentOf(fold('打开《港口账簿》'))).toEqual({ kind: 'open', title: '港口账簿' });
    expect(intentOf(fold('「港の帳簿」を開いて'))).toEqual({ kind: 'open', title: '港の帳簿' });
  });
});

describe('search words', () => {
  it('finds moods in any language, whole words only for Latin ones', () => {
    expect(moodsIn('something romantic').map((m) => m.key)).toEqual(['romance']);
    expect(moodsIn('找一个恋爱故事').map((m) => m.key)).toEqual(['romance']);
    expect(moodsIn('怖い話').map((m) => m.key)).toEqual(['dark']);
    expect(moodsIn('a spacious lovely room')).toEqual([]);
  });

  it('tells a series from a story when the player names one', () => {
    expect(kindIn(fold('a sci-fi drama'))).toBe('series');
    expect(kindIn(fold('恋爱短剧'))).toBe('series');
    expect(kindIn(fold('ゲームがいい'))).toBe('story');
    expect(kindIn(fold('a romance story'))).toBeUndefined();
  });

  it('leaves a title once the command words are gone', () => {
    expect(searchWordsOf(fold('find me the Harbour Ledger'))).toBe('harbour ledger');
    expect(searchWordsOf(fold('找一下港口账簿'))).toBe('港口账簿');
    expect(searchWordsOf(fold('港の帳簿という物語を探して'))).toBe('港の帳簿');
  });
});
