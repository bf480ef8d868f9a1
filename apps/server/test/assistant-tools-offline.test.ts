import type { AssistantMessage } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, supportReports } from '../src/platform/db/schema/index.js';
import {
  type AssistantCatalogue,
  askAssistant,
  buildAssistantCatalogue,
  buildPlayerWorld,
} from './support/assistant.js';
import { SANDBOX_SECRET } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

// Every tool through the offline engine, asked for in English, Chinese and Japanese: the intent
// is matched in the player's words, the tool reads the player's own world, and the reply is in
// the request's language.

let server: TestServer;
let works: AssistantCatalogue;
let player: Awaited<ReturnType<typeof buildPlayerWorld>>;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    ASSISTANT_DAILY_CAP: '1000',
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  works = await buildAssistantCatalogue(server.database.db);
  player = await buildPlayerWorld(server);
});
afterAll(() => server.close());

async function ask(text: string, locale: Locale): Promise<AssistantMessage> {
  const res = await askAssistant(server, player.token, text, { lang: locale });
  expect(res.status, `${text}: ${res.desc}`).toBe(200);
  return res.data!.reply;
}

/** The tools the stored reply says it used. */
async function toolsOf(reply: AssistantMessage) {
  const [row] = await server.database.db
    .select({ tools: assistantMessages.tools })
    .from(assistantMessages)
    .where(eq(assistantMessages.id, reply.id));
  return row!.tools.map((t) => t.name);
}

const LOCALES: Locale[] = ['en_US', 'zh_CN', 'ja_JP'];
const phrase = (locale: Locale, texts: Record<Locale, string>) => texts[locale];

describe.each(LOCALES)('the offline engine in %s', (locale) => {
  it('find_works: a romance search answers the romance story and series, titled in the language', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'find me a romance story',
        zh_CN: '找一个恋爱故事',
        ja_JP: '恋愛の物語を探して',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['find_works']);
    expect(reply.works.map((w) => w.id).sort()).toEqual(
      [works.romanceStory.id, works.romanceSeries.id].sort(),
    );
    expect(reply.works.every((w) => w.script_type === 'ROMANCE')).toBe(true);
    const title = {
      en_US: 'Rainy Café Hearts',
      zh_CN: '雨天咖啡馆之心',
      ja_JP: '雨のカフェの恋心',
    }[locale];
    expect(reply.text).toContain(title);
    expect(reply.actions).toContainEqual({
      kind: 'open',
      path: `/drama/${works.romanceStory.id}`,
      label: title,
      auto: false,
    });
  });

  it('find_works: a mood and a kind ("a scary drama") narrow to that kind', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'recommend a sci-fi series',
        zh_CN: '推荐一部科幻短剧',
        ja_JP: 'SFのドラマのおすすめは？',
      }),
      locale,
    );
    expect(reply.works.map((w) => w.id)).toEqual([works.scifiSeries.id]);
  });

  it('open_work: naming a title opens it at once', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'open the harbour ledger',
        zh_CN: '打开港口账簿',
        ja_JP: '港の帳簿を開いて',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['find_works', 'open_work']);
    expect(reply.actions).toContainEqual(
      expect.objectContaining({
        kind: 'open',
        path: `/drama/${works.mysteryStory.id}`,
        auto: true,
      }),
    );
    expect(reply.works.map((w) => w.id)).toEqual([works.mysteryStory.id]);
  });

  it('continue_last_game: opens the story the player last played', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'continue my last game',
        zh_CN: '继续上次的游戏',
        ja_JP: '前回の続きから遊びたい',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['continue_last_game']);
    expect(reply.actions).toEqual([
      expect.objectContaining({ kind: 'open', path: `/drama/${player.gameId}`, auto: true }),
    ]);
    expect(reply.text).toContain(locale === 'en_US' ? 'The Night Ledger' : 'The Night Ledger（');
  });

  it('wallet_summary: the balance and the 50 gems spent on a chapter', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'how many gems do I have?',
        zh_CN: '我的钻石余额是多少',
        ja_JP: 'ジェムの残高を教えて',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['wallet_summary']);
    expect(reply.text).toContain(String(player.balance));
    expect(reply.text).toContain('50');
    expect(reply.text).toContain({ en_US: 'chapters', zh_CN: '章节', ja_JP: 'チャプター' }[locale]);
  });

  it('explain_topic: gems, prices, expiry and refunds from the money rules', async () => {
    const cases: [Record<Locale, string>, Record<Locale, string>][] = [
      [
        { en_US: 'what are gems?', zh_CN: '钻石是什么？', ja_JP: 'ジェムとは何ですか' },
        { en_US: 'currency', zh_CN: '货币', ja_JP: '通貨' },
      ],
      [
        { en_US: 'how much do gems cost?', zh_CN: '钻石的价格是多少', ja_JP: 'ジェムの値段は？' },
        { en_US: '$0.79', zh_CN: '¥6', ja_JP: '￥120' },
      ],
      [
        { en_US: 'do my gems expire?', zh_CN: '钻石会过期吗', ja_JP: 'ジェムに有効期限はある？' },
        { en_US: 'one year', zh_CN: '一年', ja_JP: '一年' },
      ],
      [
        { en_US: 'can I get a refund?', zh_CN: '可以退款吗', ja_JP: '返金できますか' },
        { en_US: 'non-refundable', zh_CN: '不可退款', ja_JP: '返金できません' },
      ],
    ];
    for (const [question, answer] of cases) {
      const reply = await ask(question[locale], locale);
      expect(await toolsOf(reply), question[locale]).toEqual(['explain_topic']);
      expect(reply.text, question[locale]).toContain(answer[locale]);
    }
  });

  it('open_topup: a top-up action, and nothing bought', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'I want to top up',
        zh_CN: '我要充值',
        ja_JP: 'ジェムをチャージしたい',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['open_topup']);
    expect(reply.actions).toEqual([{ kind: 'topup' }]);
  });

  it("explain_payment: the player's own declined order, explained", async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'why did my payment fail?',
        zh_CN: '为什么我的支付失败了',
        ja_JP: '支払いが失敗したのはなぜ？',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual(['explain_payment']);
    expect(reply.text).toContain(player.orderNo);
    expect(reply.text).toContain({ en_US: 'declined', zh_CN: '拒绝', ja_JP: '拒否' }[locale]);
    expect(reply.actions).toEqual([{ kind: 'topup' }]);
  });

  it('report_problem: a draft to consent to, nothing stored for support yet', async () => {
    const text = phrase(locale, {
      en_US: 'the episode video is broken, please report it',
      zh_CN: '剧集视频打不开，帮我报告一下',
      ja_JP: 'エピソードの動画が動かない不具合を報告して',
    });
    const reply = await ask(text, locale);
    expect(await toolsOf(reply)).toEqual(['report_problem']);
    expect(reply.actions).toEqual([{ kind: 'report', draft: text }]);
    expect(await server.database.db.select().from(supportReports)).toEqual([]);
  });

  it('an unknown request gets the list of what it can do', async () => {
    const reply = await ask(
      phrase(locale, {
        en_US: 'what is the weather like?',
        zh_CN: '今天天气怎么样',
        ja_JP: '今日の天気は？',
      }),
      locale,
    );
    expect(await toolsOf(reply)).toEqual([]);
    expect(reply.text).toContain(
      { en_US: 'I can help with', zh_CN: '我可以帮你', ja_JP: 'お手伝いできること' }[locale],
    );
  });
});
