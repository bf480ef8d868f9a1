import type { Locale } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { buildReplyRequest, loadDemoPersona } from '../../../../test/support/personas.js';
import type { ChatTurn, ReplyEvent, ReplyRequest, ReplyResult } from '../provider.js';
import { createOfflineProvider } from './offline-provider.js';

const engine = createOfflineProvider();

async function talk(request: ReplyRequest): Promise<{ deltas: string[]; result: ReplyResult }> {
  const deltas: string[] = [];
  let result: ReplyResult | undefined;
  for await (const event of engine.reply(request) as AsyncIterable<ReplyEvent>) {
    if (event.type === 'delta') deltas.push(event.text);
    else result = event.result;
  }
  if (!result) throw new Error('no final event');
  return { deltas, result };
}

const mirela = loadDemoPersona('lantern-keeper');
const vale = loadDemoPersona('captain-vale');

describe('offline persona engine', () => {
  it.each<[Locale, string, RegExp]>([
    ['en_US', 'Who are you?', /Mirela\. I keep the light/],
    ['zh_CN', '你是谁？', /米蕾拉，守灯人/],
    ['ja_JP', 'あなたは誰ですか？', /ミレラ。灯台守さ/],
  ])('answers "who are you" as Mirela in %s', async (locale, message, expected) => {
    const { result, deltas } = await talk(buildReplyRequest({ persona: mirela, locale, message }));
    expect(result.text).toMatch(expected);
    expect(deltas.join('')).toBe(result.text);
    expect(result.expression).toBe('normal');
  });

  it.each<[Locale, string, RegExp, string]>([
    ['en_US', 'You are an idiot', /thrown bigger mouths/, 'angry'],
    ['zh_CN', '你这个笨蛋', /比你嘴还大的人/, 'angry'],
    ['ja_JP', 'バカじゃないの', /でかい口を/, 'angry'],
    ['en_US', 'Tell me about Lord Quill', /powdered weasel/, 'angry'],
    ['zh_CN', '奎尔是谁', /扑了粉的黄鼠狼/, 'angry'],
    ['ja_JP', 'クイル卿について教えて', /白粉のイタチ/, 'angry'],
    ['ja_JP', 'かわいいね', /この船と結婚/, 'love'],
    ['zh_CN', '船上有多少人？', /尽管问/, 'laugh'],
    ['en_US', 'Sure, count me in', /That's the spirit/, 'happy'],
    ['ja_JP', 'いいえ、行かない', /骨のあるスズメ/, 'grin'],
  ])('answers Captain Vale in %s: %s', async (locale, message, expected, expression) => {
    const { result } = await talk(buildReplyRequest({ persona: vale, locale, message }));
    expect(result.text).toMatch(expected);
    expect(result.expression).toBe(expression);
  });

  it('matches keywords of any language but answers in the player’s', async () => {
    const { result } = await talk(
      buildReplyRequest({ persona: mirela, locale: 'zh_CN', message: 'Is a storm coming?' }),
    );
    expect(result.text).toBe('那些云后面藏着风暴。我的膝盖从来没错过。');
    expect(result.expression).toBe('observe');
  });

  it('answers a cue with keywords and an intent only when both are there', async () => {
    const persona = {
      ...mirela,
      cues: [
        {
          intent: 'question' as const,
          keywords: { en_US: ['tide'] },
          say: [{ en_US: 'High tide at midnight.' }],
          expression: 'observe' as const,
        },
        ...mirela.cues,
      ],
    };
    const ask = await talk(buildReplyRequest({ persona, message: 'When is the tide?' }));
    expect(ask.result.text).toBe('High tide at midnight.');
    const tell = await talk(buildReplyRequest({ persona, message: 'The tide is turning.' }));
    expect(tell.result.text).not.toBe('High tide at midnight.');
  });

  it('does not hear "hi" inside other words', async () => {
    const { result } = await talk(
      buildReplyRequest({ persona: mirela, message: 'this thing whistles' }),
    );
    expect(result.text).not.toMatch(/Evening|You again/);
  });

  it('takes turns among fallbacks and never repeats a wording it can avoid', async () => {
    const history: ChatTurn[] = [];
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { result } = await talk(
        buildReplyRequest({ persona: mirela, history: [...history], message: 'mmm' }),
      );
      seen.push(result.text);
      history.push({ role: 'player', text: 'mmm' }, { role: 'character', text: result.text });
    }
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).toBe(seen[2]);
    const greet = async (h: ChatTurn[]) =>
      (await talk(buildReplyRequest({ persona: mirela, history: h, message: 'hello' }))).result
        .text;
    const first = await greet([]);
    const second = await greet([
      { role: 'player', text: 'hello' },
      { role: 'character', text: first },
    ]);
    expect(second).not.toBe(first);
  });

  describe('goals', () => {
    const base = { persona: mirela, goalKey: 'learn-the-signal' } as const;

    it('hints while the goal is open and nothing else matches', async () => {
      const { result } = await talk(buildReplyRequest({ ...base, message: 'mmm' }));
      expect(result.text).toMatch(/came up here about a ship/);
      expect(result.goal).toBeNull();
    });

    it.each<[Locale, string, string, RegExp]>([
      ['en_US', 'What happened to the Halcyon?', 'Did you see a light out there?', /A green light/],
      ['zh_CN', '那艘沉船怎么了？', '你看到什么灯光了吗？', /一道绿光/],
      ['ja_JP', 'ハルシオン号に何が？', 'どんな光を見たの？', /緑の光/],
    ])('is reached step by step in %s', async (locale, first, second, reached) => {
      const one = await talk(buildReplyRequest({ ...base, locale, message: first }));
      expect(one.result.goal).toBeNull();
      expect(one.result.expression).toBe('dizzy');
      const history: ChatTurn[] = [
        { role: 'player', text: first },
        { role: 'character', text: one.result.text },
      ];
      const two = await talk(buildReplyRequest({ ...base, locale, history, message: second }));
      expect(two.result.text).toMatch(reached);
      expect(two.result.goal).toEqual({ key: 'learn-the-signal' });
      expect(two.result.expression).toBe('observe');
    });

    it('counts only the player’s words, not the character’s', async () => {
      const history: ChatTurn[] = [
        { role: 'player', text: 'hello' },
        { role: 'character', text: 'The Halcyon? The ship? The light?' },
      ];
      const { result } = await talk(buildReplyRequest({ ...base, history, message: 'mmm' }));
      expect(result.goal).toBeNull();
    });

    it('ignores a goal key the persona does not have', async () => {
      const { result } = await talk(
        buildReplyRequest({ persona: mirela, goalKey: 'no-such-goal', message: 'Halcyon light' }),
      );
      expect(result.goal).toBeNull();
    });
  });
});
