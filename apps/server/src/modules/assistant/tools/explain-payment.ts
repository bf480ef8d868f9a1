import type { Order } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { say, type Texts } from '../localized.js';
import { defineTool } from './tool.js';

/** Why an order brought no gems, by its status and, for a failure, the provider's reason. */
const WHY: Record<string, Texts> = {
  card_declined: {
    en_US: 'your card was declined by its bank',
    zh_CN: '你的银行卡被发卡行拒绝了',
    ja_JP: 'カードが発行会社に拒否されました',
  },
  alipay_declined: {
    en_US: 'Alipay declined the payment',
    zh_CN: '支付宝拒绝了这笔付款',
    ja_JP: 'Alipay が支払いを拒否しました',
  },
  wechat_pay_declined: {
    en_US: 'WeChat Pay declined the payment',
    zh_CN: '微信支付拒绝了这笔付款',
    ja_JP: 'WeChat Pay が支払いを拒否しました',
  },
  provider_unavailable: {
    en_US: 'the payment service could not be reached when the order was made',
    zh_CN: '下单时无法连接支付服务',
    ja_JP: '注文時に決済サービスに接続できませんでした',
  },
  payment_failed: {
    en_US: 'the payment service reported that the payment failed',
    zh_CN: '支付服务报告付款失败',
    ja_JP: '決済サービスが支払いの失敗を報告しました',
  },
  paid_after_close: {
    en_US: 'a payment arrived after the order had already closed',
    zh_CN: '订单关闭之后才收到付款',
    ja_JP: '注文が締め切られた後に支払いが届きました',
  },
  cancelled: {
    en_US: 'you cancelled it at checkout',
    zh_CN: '你在付款页面取消了它',
    ja_JP: '支払い画面でキャンセルされました',
  },
  timeout: {
    en_US: 'it was not paid in time, so it closed by itself',
    zh_CN: '它没有在时限内付款，已自动关闭',
    ja_JP: '期限内に支払われなかったため、自動で締め切られました',
  },
};

const TEXTS = {
  order: {
    en_US:
      'Your order {order} from {date} for {gems} gems did not go through: {why}. No gems were added for it.',
    zh_CN: '你在 {date} 的订单 {order}（{gems} 颗宝石）没有完成：{why}。这笔订单没有增加宝石。',
    ja_JP:
      '{date} の注文 {order}（{gems} ジェム）は完了しませんでした：{why}。この注文でジェムは追加されていません。',
  },
  retry: {
    en_US: ' You can try again from top-up.',
    zh_CN: '你可以在充值页面重新尝试。',
    ja_JP: 'チャージからもう一度お試しいただけます。',
  },
  report: {
    en_US: ' If money left your account, report it and support will look into it.',
    zh_CN: '如果你的钱已被扣除，请报告问题，客服会处理。',
    ja_JP: 'お金が引き落とされている場合は、報告していただければサポートが確認します。',
  },
  none: {
    en_US: 'I see no failed or cancelled payment on your account.',
    zh_CN: '你的账号没有失败或取消的付款。',
    ja_JP: 'あなたのアカウントに失敗またはキャンセルされた支払いはありません。',
  },
};

const reasonOf = (order: Order) =>
  order.failure_reason && WHY[order.failure_reason]
    ? order.failure_reason
    : order.status === 'failed'
      ? 'payment_failed'
      : order.status;

function explain(order: Order, locale: Locale): string {
  const reason = reasonOf(order);
  const text = say(TEXTS.order, locale, {
    order: order.order_no,
    date: order.created_at.slice(0, 10),
    gems: order.gems + order.bonus_gems,
    why: (WHY[reason] ?? WHY.payment_failed!)[locale],
  });
  return text + say(reason === 'paid_after_close' ? TEXTS.report : TEXTS.retry, locale);
}

/** The player's own latest order that brought no gems, explained in words. */
export const explainPayment = defineTool({
  name: 'explain_payment',
  description:
    "Explain why the player's own latest failed, cancelled or timed-out payment did not go through.",
  args: z.strictObject({}),
  async run(ctx) {
    const order = await ctx.readers.latestUnpaidOrder(ctx.userId);
    if (!order)
      return { facts: { order: null }, say: say(TEXTS.none, ctx.locale), workIds: [], actions: [] };
    const reason = reasonOf(order);
    return {
      facts: {
        order: {
          order_no: order.order_no,
          status: order.status,
          reason,
          gems: order.gems + order.bonus_gems,
          amount: order.amount,
          currency: order.currency,
          created_at: order.created_at,
        },
      },
      say: explain(order, ctx.locale),
      workIds: [],
      actions: reason === 'paid_after_close' ? [] : [{ kind: 'topup' }],
    };
  },
});
