import type { WalletEntry } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { joinList, say, type Texts } from '../localized.js';
import { defineTool } from './tool.js';

/** The history entries looked at: "recent" is the wallet page's first page. */
const RECENT = 20;

const SPENDS = ['chapter_unlock', 'episode_unlock', 'chat_message'] as const;
type SpendType = (typeof SPENDS)[number];

const SPEND_NAMES: Record<SpendType, Texts> = {
  chapter_unlock: { en_US: 'chapters', zh_CN: '章节', ja_JP: 'チャプター' },
  episode_unlock: { en_US: 'episodes', zh_CN: '剧集', ja_JP: 'エピソード' },
  chat_message: { en_US: 'character chats', zh_CN: '角色聊天', ja_JP: 'キャラクターとのチャット' },
};

const TEXTS = {
  balance: {
    en_US: 'You have {gems} gems.',
    zh_CN: '你有 {gems} 颗宝石。',
    ja_JP: 'ジェムは {gems} 個あります。',
  },
  spent: {
    en_US: ' Recently you spent {total} gems: {parts}.',
    zh_CN: '最近你花了 {total} 颗宝石：{parts}。',
    ja_JP: '最近 {total} ジェムを使いました：{parts}。',
  },
  part: { en_US: '{gems} on {what}', zh_CN: '{what} {gems} 颗', ja_JP: '{what}に {gems} 個' },
  nothing: {
    en_US: ' You have not spent any gems recently.',
    zh_CN: '最近没有花费宝石。',
    ja_JP: '最近ジェムは使っていません。',
  },
};

function spendingOf(entries: WalletEntry[]) {
  const by = new Map<SpendType, number>();
  for (const e of entries) {
    const type = SPENDS.find((t) => t === e.type);
    if (type && e.amount < 0) by.set(type, (by.get(type) ?? 0) - e.amount);
  }
  return [...by].map(([type, gems]) => ({ type, gems }));
}

function sentence(balance: number, spent: { type: SpendType; gems: number }[], locale: Locale) {
  const head = say(TEXTS.balance, locale, { gems: balance });
  if (spent.length === 0) return head + say(TEXTS.nothing, locale);
  const parts = spent.map((s) =>
    say(TEXTS.part, locale, { gems: s.gems, what: SPEND_NAMES[s.type][locale] }),
  );
  const total = spent.reduce((sum, s) => sum + s.gems, 0);
  return head + say(TEXTS.spent, locale, { total, parts: joinList(parts, locale) });
}

/** The player's own balance and what their latest gems went on (read only). */
export const walletSummary = defineTool({
  name: 'wallet_summary',
  description: "The player's gem balance and what they recently spent gems on.",
  args: z.strictObject({}),
  async run(ctx) {
    const [balance, history] = await Promise.all([
      ctx.readers.balance(ctx.userId),
      ctx.readers.transactions(ctx.userId, 1, RECENT),
    ]);
    const spent = spendingOf(history.list);
    return {
      facts: {
        gem_balance: balance,
        recent_spending: spent,
        recent_entries: history.list.slice(0, 5).map((e) => ({
          type: e.type,
          amount: e.amount,
          at: e.created_at,
        })),
      },
      say: sentence(balance, spent, ctx.locale),
      workIds: [],
      actions: [],
    };
  },
});
