import type { GoodsTier } from '@taleforge/contracts';
import { ASSISTANT_TOPICS, type AssistantTopic, type Locale } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { say, type Texts } from '../localized.js';
import { defineTool, type ToolContext } from './tool.js';
import { workPrices } from './work-prices.js';

/** The README's money rules ("Gems and top-ups"), told to a player. */
const TOPICS: Record<AssistantTopic, Texts> = {
  gems: {
    en_US:
      'Gems are the currency of this site. You buy them in packs and spend them to unlock chapters and episodes, and on character chats when a model answers. A visitor can top up too; signing in later moves the gems, with their expiry, to your account.',
    zh_CN:
      '宝石是本站的货币。你可以按套餐购买，用来解锁章节和剧集，以及在有模型回复时和角色聊天。游客也可以充值；之后登录时，宝石会连同有效期一起转入你的账号。',
    ja_JP:
      'ジェムはこのサイトの通貨です。パックで購入し、チャプターやエピソードの解放、モデルが応答するキャラクターチャットに使います。ゲストでもチャージでき、後でログインするとジェムは有効期限ごとアカウントに移ります。',
  },
  prices: {
    en_US:
      'There are six packs, with the same gems in every language; the price is in your currency: {packs}. Bigger packs carry bonus gems.',
    zh_CN:
      '共有六种套餐，每种语言下宝石数量相同，价格按你的货币计算：{packs}。大套餐附赠额外宝石。',
    ja_JP:
      'パックは六種類で、どの言語でもジェム数は同じです。価格はあなたの通貨で表示されます：{packs}。大きなパックにはボーナスジェムが付きます。',
  },
  expiry: {
    en_US:
      'Gems are valid for one year from purchase (a lot bought on 29 February lasts until 1 March). When you spend, the gems that expire soonest are used first.',
    zh_CN:
      '宝石自购买起一年内有效（2 月 29 日购买的一批有效至 3 月 1 日）。消费时会优先使用最早过期的宝石。',
    ja_JP:
      'ジェムの有効期限は購入から一年です（2 月 29 日に購入した分は 3 月 1 日まで）。使うときは期限の近いジェムから使われます。',
  },
  refunds: {
    en_US:
      'Payments are non-refundable: gems you bought stay in your wallet until they expire. A payment that failed or was cancelled took no money and added no gems. If a character reply fails, its gems come back by themselves.',
    zh_CN:
      '付款不可退款：购买的宝石会留在钱包里直到过期。失败或取消的付款不会扣钱，也不会增加宝石。如果角色回复失败，所扣宝石会自动退回。',
    ja_JP:
      'お支払いは返金できません。購入したジェムは期限までウォレットに残ります。失敗またはキャンセルされた支払いでは請求もジェムの追加もありません。キャラクターの返信に失敗した場合、そのジェムは自動で戻ります。',
  },
};

const PACK = {
  en_US: '{price} for {gems} gems',
  zh_CN: '{price} {gems} 颗',
  ja_JP: '{price}で {gems} 個',
};
const LANGUAGE_TAG: Record<Locale, string> = { en_US: 'en-US', zh_CN: 'zh-CN', ja_JP: 'ja-JP' };

function packs(tiers: GoodsTier[], locale: Locale): string {
  return tiers
    .map((t) => {
      const price = new Intl.NumberFormat(LANGUAGE_TAG[locale], {
        style: 'currency',
        currency: t.currency,
        minimumFractionDigits: Number.isInteger(t.price) ? 0 : 2,
      }).format(t.price);
      return say(PACK, locale, { price, gems: t.gems + t.bonus_gems });
    })
    .join(locale === 'en_US' ? ', ' : '、');
}

/** The prices of one published work's chapters or episodes for this player; null if none. */
async function pricesOfWork(ctx: ToolContext, workId: number) {
  const [card] = await ctx.readers.workCards([workId], ctx.locale);
  const parts = card ? await ctx.readers.workParts(ctx.userId, ctx.locale, card.id) : null;
  if (!card || !parts) return null;
  return { card, ...workPrices(card, parts, ctx.locale) };
}

/** How gems, prices, expiry and refunds work, in the player's language. */
export const explainTopic = defineTool({
  name: 'explain_topic',
  description:
    'Explain the rules of gems, top-up prices, gem expiry or refunds. With prices and a work_id (the work whose page the player is on), what its chapters or episodes cost them.',
  args: z.strictObject({
    topic: z.enum(ASSISTANT_TOPICS),
    work_id: z.number().int().positive().optional(),
  }),
  async run(ctx, { topic, work_id }) {
    const work = topic === 'prices' && work_id ? await pricesOfWork(ctx, work_id) : null;
    if (work) {
      return {
        facts: { topic, work: { id: work.card.id, title: work.card.title, ...work.facts } },
        say: work.say,
        workIds: [],
        actions: work.locked ? [{ kind: 'topup' as const }] : [],
      };
    }
    const tiers = topic === 'prices' ? ctx.readers.prices(ctx.locale) : [];
    const text = say(TOPICS[topic], ctx.locale, { packs: packs(tiers, ctx.locale) });
    return {
      facts: {
        topic,
        rules: text,
        ...(topic === 'prices'
          ? {
              packs: tiers.map((t) => ({
                price: t.price,
                currency: t.currency,
                gems: t.gems,
                bonus_gems: t.bonus_gems,
              })),
            }
          : {}),
      },
      say: text,
      workIds: [],
      actions: topic === 'prices' ? [{ kind: 'topup' }] : [],
    };
  },
});
