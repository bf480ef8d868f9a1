import type { Locale } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  buildReplyRequest,
  loadContentPersona,
  loadDemoPersona,
} from '../../../../test/support/personas.js';
import type { ReplyRequest } from '../provider.js';
import { chooseLine, createOfflineProvider } from './offline-provider.js';

// The offline engine answers what was asked: real questions to the demo games' characters,
// answered from their facts and the story so far, and a plain "I don't know" when neither has it.

const engine = createOfflineProvider();

async function answer(request: ReplyRequest) {
  for await (const event of engine.reply(request)) {
    if (event.type === 'final') return event.result;
  }
  throw new Error('no final event');
}

const juno = loadContentPersona('kepler-dock', 'juno');
const ari = loadContentPersona('kepler-dock', 'ari');
const wren = loadContentPersona('lantern-ledger', 'wren');
const moss = loadContentPersona('lantern-ledger', 'moss');
const thorne = loadContentPersona('ember-academy', 'thorne');

describe('answers from the persona’s facts', () => {
  it.each<[Locale, string, RegExp]>([
    ['en_US', 'Where did you get that induction coil?', /spare induction coil\. Won it at dice/],
    ['zh_CN', '你那个感应线圈是哪来的？', /备用感应线圈。掷骰子赢来的/],
    ['ja_JP', 'その誘導コイルはどこで手に入れたの？', /予備の誘導コイルだ。サイコロで勝ち取った/],
  ])('Juno tells where her coil came from (%s)', async (locale, message, expected) => {
    const result = await answer(buildReplyRequest({ persona: juno, locale, message }));
    expect(result.text).toMatch(expected);
  });

  it.each<[Locale, string, RegExp]>([
    ['en_US', 'Who has a key to the side door?', /Moss the porter has a key to the side door/],
    ['zh_CN', '谁有侧门的钥匙？', /守夜人莫斯有侧门的钥匙/],
    ['ja_JP', '通用口の鍵は誰が持ってる？', /夜警のモスは通用口の鍵を持っている/],
  ])('Inspector Wren names who holds the key (%s)', async (locale, message, expected) => {
    const result = await answer(buildReplyRequest({ persona: wren, locale, message }));
    expect(result.text).toMatch(expected);
  });

  it('prefers the fact that answers a question over a cue that only shares its topic', async () => {
    const asked = await answer(
      buildReplyRequest({ persona: ari, message: 'How many days ago did the signal begin?' }),
    );
    expect(asked.text).toBe('The signal began seven days ago, very faint.');
    // Said, not asked, the topic's cue answers as before.
    const said = await answer(buildReplyRequest({ persona: ari, message: 'The signal again.' }));
    expect(said.text).toMatch(/repeats every 212 seconds/);
    const mend = await answer(
      buildReplyRequest({ persona: thorne, message: 'How do I mend the warding circle?' }),
    );
    expect(mend.text).toMatch(/tracing its runes in the order of the flame/);
  });
});

describe('answers from the story so far', () => {
  const story = {
    en_US:
      'Kepler Dock, 03:10 station time. Four hundred people asleep, and you, and the hum of the air scrubbers.\nCaptain Juno is awake too, feet on a table, rolling dice against herself.',
    zh_CN:
      '开普勒船坞，空间站时间03:10。四百个人在沉睡，还有你，和空气净化器的嗡嗡声。\n朱诺舰长也醒着，双脚搭在桌上，自己跟自己掷骰子。',
    ja_JP:
      'ケプラー・ドック、ステーション時刻03:10。眠る四百人と、あなたと、空気浄化装置の唸り。\nジュノ船長も起きていた。テーブルに足をのせ、一人でサイコロを振っている。',
  };

  it.each<[Locale, string, RegExp]>([
    [
      'en_US',
      'How many people are asleep on the station?',
      /^As far as I saw: .*Four hundred people asleep/,
    ],
    ['zh_CN', '空间站上现在有多少人？', /^就我看到的：.*四百个人在沉睡/],
    ['ja_JP', 'ステーション時刻は今何時？', /^見たとおりに言うと、.*ステーション時刻03:10/],
  ])('ARI recalls a line of the scene (%s)', async (locale, message, expected) => {
    const result = await answer(
      buildReplyRequest({ persona: ari, locale, message, storySoFar: story[locale] }),
    );
    expect(result.text).toMatch(expected);
    expect(result.expression).toBe('observe');
  });
});

describe('says plainly when it does not know', () => {
  it.each<[Locale, string, string]>([
    [
      'en_US',
      'What is the capital of France?',
      "Eh… no, young clerk, that one's gone right out of my head. If it was ever in it.",
    ],
    ['zh_CN', '法国的首都是哪里？', '呃……不知道啊，小职员，这事儿我脑子里没有。可能从来就没有过。'],
    [
      'ja_JP',
      'フランスの首都はどこ？',
      'ん……いや、知らんなあ。頭から抜けとる。最初から入っとらんかったかもしれん。',
    ],
  ])('Moss, in his own words (%s)', async (locale, message, expected) => {
    const result = await answer(buildReplyRequest({ persona: moss, locale, message }));
    expect(result.text).toBe(expected);
    expect(result.expression).toBe('dizzy');
  });

  it('uses the engine’s own plain line for a character without one, in the player’s language', async () => {
    const mirela = loadDemoPersona('lantern-keeper');
    const plain = { ...mirela, cues: mirela.cues.filter((c) => c.intent !== 'question') };
    const en = await answer(
      buildReplyRequest({ persona: plain, message: 'What is the capital of France?' }),
    );
    expect(en.text).toBe("I don't know that. Ask me something else.");
    const ja = await answer(
      buildReplyRequest({ persona: plain, locale: 'ja_JP', message: 'フランスの首都はどこ？' }),
    );
    expect(ja.text).toBe('それは知らない。ほかのことを聞いて。');
  });

  it('points back to the open goal after saying so', async () => {
    const result = await answer(
      buildReplyRequest({
        persona: thorne,
        goalKey: 'secret',
        message: 'What is the capital of France?',
      }),
    );
    expect(result.text).toBe(
      'That I do not know, and I will not pretend to. Ask me about the wards. You keep looking at my hands, apprentice. Ask what you mean to ask.',
    );
    expect(result.goal).toBeNull();
  });

  it('still answers small talk that is not a question with the character’s own lines', () => {
    const { line } = chooseLine(buildReplyRequest({ persona: moss, message: 'Nice weather.' }));
    expect(line).toBe(moss.fallback[0]);
  });
});
