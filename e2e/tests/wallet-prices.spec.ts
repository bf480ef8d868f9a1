// Issue 19: prices nobody can game, no dead ends after paying, and a result page that fits a
// phone. Each journey runs in English and in Chinese or Japanese, and keeps screenshots of what
// it shows at 390 px and 1280 px under test-results/ for a person to look at.

import { CALLS } from '@taleforge/contracts';
import { api } from '../support/api';
import { type Locale, STORAGE_KEYS } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { PICTURE } from '../support/layout';
import { heldVisitor, signInAsVisitor, visitorLogin } from '../support/visitor';

const WIDTHS = [390, 1280] as const;

async function useLanguage(page: Page, locale: Locale) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.language,
    locale,
  ] as const);
}

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/prices/${name}-${width}.jpg`,
      fullPage: true,
      ...PICTURE,
    });
  }
}

/** Picks a pack and a method on the wallet and opens the sandbox checkout. */
async function checkout(page: Page, pack: RegExp, method: string, payLabel?: RegExp) {
  await page.goto('/wallet');
  await page.getByRole('radio', { name: pack }).check();
  await page.getByRole('radio', { name: method, exact: true }).check();
  const pay = page.locator('button.top-up__pay');
  if (payLabel) await expect(pay).toHaveAccessibleName(payLabel);
  await pay.click();
  await page.waitForURL(/\/pay\/sandbox\//);
}

test('prices every pack fairly in dollars and yen, with the gems beside each price', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsVisitor(page);

  // English: dollars at their own points, each beside the gems it buys.
  await page.goto('/wallet');
  const packs = page.getByRole('radiogroup').getByRole('radio');
  await expect(packs).toHaveCount(6);
  const largest = page.locator('label.tier').nth(5);
  await expect(largest).toContainText('6,480');
  await expect(largest).toContainText('+2,778 bonus');
  await expect(largest).toContainText('$89.99');
  await expect(page.getByRole('button', { name: 'Pay $0.79 for 60 gems' })).toBeVisible();
  await shoot(page, 'wallet-en');

  // Japanese: the same packs in yen, never ¥648 for what costs $89.99.
  await useLanguage(page, 'ja_JP');
  await page.goto('/wallet');
  const yen = page.locator('label.tier').nth(5);
  await expect(yen).toContainText('6,480');
  await expect(yen).toContainText('+2,778 ボーナス');
  await expect(yen).toContainText('￥12,000');
  await expect(page.getByText('￥648', { exact: true })).toHaveCount(0);
  await shoot(page, 'wallet-ja');

  // The checkout and the result say the same price and the same gems.
  await checkout(page, /1,280/, 'WeChat Pay', /^￥2,500 を支払って 1,600 ジェム/);
  await expect(page.getByText('￥2,500')).toBeVisible();
  await expect(page.getByText('1,600')).toBeVisible();
  await expect(page.getByText('ボーナス 320 を含む')).toBeVisible();
  await shoot(page, 'checkout-ja');
  await page.getByRole('button', { name: '支払う', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible();
  await expect(page.getByTestId('order-gems')).toHaveText('1,600 ジェム');
  await expect(page.getByTestId('gems-received')).toHaveText('1,600');

  // The order keeps its currency when the player switches back to English.
  await useLanguage(page, 'en_US');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('¥2,500')).toBeVisible();
  await shoot(page, 'result-en');

  await page.goto('/wallet');
  const history = page.getByRole('region', { name: 'Transactions' });
  await expect(history.getByText('Paid ¥2,500')).toBeVisible();
  await expect(history.getByText('+1,600')).toBeVisible();
  await expect(history.getByText('Balance 1,600')).toBeVisible();
  await shoot(page, 'history-en');
});

test('says an order is not found, for an unknown order and for another player’s', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Another player, in a browser of their own, opens an order.
  const other = await browser.newPage();
  await signInAsVisitor(other);
  const visitor = await heldVisitor(other);
  const login = await visitorLogin(other, visitor);
  const theirs = await api(other.request, CALLS.orderCreate, {
    dfId: visitor.dfId,
    token: login.data!.access_token,
    body: { goods_id: 'gems_30', pay_method: 'card', idempotency_key: 'theirs-0000001' },
  });
  expect(theirs.status).toBe(200);
  await other.close();

  await signInAsVisitor(page);
  const orderReads: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/v1/order?')) orderReads.push(Date.now());
  });
  await page.goto(`/payment/callback?order_no=${theirs.data!.order_no}`);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('Processing payment…')).toHaveCount(0);
  await expect(page.getByText(/not in your account/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
    'href',
    '/For_You',
  );
  await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
  // Nothing of the other player's order is shown, and the page stops asking.
  await expect(page.getByText('$3.99')).toHaveCount(0);
  const asked = orderReads.length;
  await page.waitForTimeout(2_500);
  expect(orderReads.length).toBe(asked);
  await shoot(page, 'not-found-en');

  await useLanguage(page, 'zh_CN');
  await page.goto('/payment/callback?order_no=TF20990101000000000000');
  await expect(page.getByRole('heading', { name: '未找到订单' })).toBeVisible();
  await expect(page.getByRole('link', { name: '联系客服' })).toBeVisible();
  await shoot(page, 'not-found-zh');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/For_You$/);
});

test('names a declined Alipay or WeChat Pay payment for its method', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsVisitor(page);

  await checkout(page, /300/, 'Alipay', /^Pay/);
  await page.getByRole('radio', { name: 'Alipay' }).check();
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('Payment failed: Alipay declined the payment').first()).toBeVisible();
  await expect(page.getByText(/card was declined/)).toHaveCount(0);
  await shoot(page, 'declined-alipay-en');

  await useLanguage(page, 'zh_CN');
  await checkout(page, /300/, '微信支付', /^支付/);
  await page.getByRole('radio', { name: '微信支付' }).check();
  await page.getByRole('button', { name: '模拟支付失败' }).click();
  await expect(page.getByRole('heading', { name: '支付失败' })).toBeVisible();
  await expect(page.getByText('微信支付拒绝了这笔付款').first()).toBeVisible();
  await expect(page.getByText(/银行卡/)).toHaveCount(0);
  await shoot(page, 'declined-wechat-zh');

  await useLanguage(page, 'ja_JP');
  await checkout(page, /300/, 'Alipay', /を支払って/);
  await page.getByRole('button', { name: '支払いを失敗させる' }).click();
  await expect(page.getByText('Alipay で支払いが拒否されました').first()).toBeVisible();
});

test('keeps the order number on one line on a phone, in English and Japanese', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsVisitor(page);
  for (const [locale, pay, done] of [
    ['en_US', 'Pay', 'Payment successful'],
    ['ja_JP', '支払う', 'お支払いが完了しました'],
  ] as const) {
    await useLanguage(page, locale);
    await page.setViewportSize({ width: 390, height: 900 });
    await checkout(page, /300/, 'Alipay');
    const onCheckout = page.locator('dd.order-no');
    expect(await lineCount(page, onCheckout)).toBe(1);
    await page.getByRole('button', { name: pay, exact: true }).click();
    await expect(page.getByRole('heading', { name: done })).toBeVisible();
    const number = page.getByTestId('order-no');
    await expect(number).toHaveText(/^TF\d{20}$/);
    expect(await lineCount(page, number)).toBe(1);
    // Whole, not cut short by an ellipsis.
    expect(await number.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shoot(page, `result-${locale}`);
  }
});

/** How many lines an element's text takes. */
async function lineCount(_page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size;
  });
}
