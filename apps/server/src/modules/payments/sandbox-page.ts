import type { Currency, Locale } from '@taleforge/contracts/constants';
import escapeHtml from 'escape-html';
import { toMajor } from './catalogue.js';
import type { SandboxCheckout } from './providers/sandbox.js';

const TEXT = {
  en_US: {
    title: 'Sandbox checkout',
    note: 'Test payments only: no money moves.',
    amount: 'Amount',
    gems: 'Gems',
    bonus: 'incl. {bonus} bonus',
    order: 'Order',
    method: 'Payment method',
    alipay: 'Alipay',
    wechat_pay: 'WeChat Pay',
    card: 'Credit card',
    pay: 'Pay',
    fail: 'Decline payment',
    cancel: 'Cancel',
    closed: 'This checkout is closed.',
    back: 'Back to Taleforge',
  },
  zh_CN: {
    title: '沙盒收银台',
    note: '仅用于测试支付，不会产生真实扣款。',
    amount: '金额',
    gems: '宝石',
    bonus: '含赠送 {bonus}',
    order: '订单',
    method: '支付方式',
    alipay: '支付宝',
    wechat_pay: '微信支付',
    card: '信用卡',
    pay: '支付',
    fail: '模拟支付失败',
    cancel: '取消',
    closed: '该收银台已关闭。',
    back: '返回 Taleforge',
  },
  ja_JP: {
    title: 'サンドボックス決済',
    note: 'テスト決済専用です。実際のお金は動きません。',
    amount: '金額',
    gems: 'ジェム',
    bonus: 'ボーナス {bonus} を含む',
    order: '注文',
    method: '支払い方法',
    alipay: 'Alipay',
    wechat_pay: 'WeChat Pay',
    card: 'クレジットカード',
    pay: '支払う',
    fail: '支払いを失敗させる',
    cancel: 'キャンセル',
    closed: 'このチェックアウトは終了しています。',
    back: 'Taleforge に戻る',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const METHODS = ['alipay', 'wechat_pay', 'card'] as const;

const tag = (locale: Locale) => locale.replace('_', '-');

/** Whole amounts without a fraction (¥6, not ¥6.00), as the web app shows them. */
function formatAmount(row: SandboxCheckout, locale: Locale): string {
  const currency = row.currency as Currency;
  const major = toMajor(row.amountMinor, currency);
  const whole = Number.isInteger(major);
  return new Intl.NumberFormat(tag(locale), {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0 } : {}),
  }).format(major);
}

/** The gems the order buys, bonus included, beside the price they cost. */
function formatGems(row: SandboxCheckout, locale: Locale): string {
  const number = new Intl.NumberFormat(tag(locale));
  const total = number.format(row.gems + row.bonusGems);
  if (row.bonusGems === 0) return total;
  return `${total} <small>(${TEXT[locale].bonus.replace('{bonus}', number.format(row.bonusGems))})</small>`;
}

/** The page's one inline style, allowed by its hash in the Content-Security-Policy. */
export const CHECKOUT_STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center;
    background: radial-gradient(circle at 30% 10%, #2a1f4a, #0d0b16 70%); color: #efeaff; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); background: #1a1628; border: 1px solid #3a3158;
    border-radius: 16px; padding: 24px; box-shadow: 0 20px 60px #0008; }
  h1 { margin: 0 0 4px; font-size: 1.3rem; } p.note { margin: 0 0 20px; color: #b8aed8; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 20px; }
  dt { color: #b8aed8; } dd { margin: 0; text-align: right; font-weight: 600; }
  dd small { display: block; color: #b8aed8; font-weight: 400; }
  /* 22 characters that must never break: a support agent reads them back digit by digit. */
  dd.order-no { font-family: ui-monospace, monospace; font-size: 0.9rem; white-space: nowrap;
    overflow: hidden; text-overflow: ellipsis; user-select: all; }
  fieldset { border: 1px solid #3a3158; border-radius: 12px; padding: 12px; margin: 0 0 20px; }
  label { display: flex; gap: 8px; padding: 6px 0; cursor: pointer; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; margin-top: 10px;
    padding: 12px; border-radius: 999px; border: 1px solid #5b4d8c; background: transparent;
    color: inherit; font: inherit; text-align: center; text-decoration: none; cursor: pointer; }
  button.primary { background: linear-gradient(90deg, #8a5cf6, #d946ef); border: none; font-weight: 700; }
  button:focus-visible, a.button:focus-visible, input:focus-visible { outline: 2px solid #f0abfc; outline-offset: 2px; }
`;

/** The hosted checkout page: the payer picks a method and pays, declines or cancels. */
export function renderCheckoutPage(row: SandboxCheckout, locale: Locale, open: boolean): string {
  const t = TEXT[locale];
  const methods = METHODS.map(
    (m) =>
      `<label><input type="radio" name="pay_method" value="${m}"${m === row.payMethod ? ' checked' : ''}> ${t[m]}</label>`,
  ).join('');
  const body = open
    ? `<form method="post">
        <fieldset><legend>${t.method}</legend>${methods}</fieldset>
        <button class="primary" name="action" value="pay">${t.pay}</button>
        <button name="action" value="fail">${t.fail}</button>
        <button name="action" value="cancel">${t.cancel}</button>
      </form>`
    : `<p role="alert">${t.closed}</p><a class="button" href="${escapeHtml(row.returnUrl)}">${t.back}</a>`;
  return `<!doctype html>
<html lang="${locale.replace('_', '-')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><style>${CHECKOUT_STYLE}</style></head>
<body><main>
  <h1>${t.title}</h1><p class="note">${t.note}</p>
  <dl><dt>${t.order}</dt><dd class="order-no" title="${escapeHtml(row.orderNo)}">${escapeHtml(row.orderNo)}</dd>
      <dt>${t.amount}</dt><dd>${formatAmount(row, locale)}</dd>
      <dt>${t.gems}</dt><dd>${formatGems(row, locale)}</dd></dl>
  ${body}
</main></body></html>`;
}
