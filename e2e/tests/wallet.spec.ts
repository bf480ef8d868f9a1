import { STORAGE_KEYS } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { PICTURE } from '../support/layout';
import { signInAsVisitor } from '../support/visitor';

/** From the wallet to the sandbox checkout with the 30-unit pack. */
async function startTopUp(page: Page, method: string, { double = false } = {}) {
  await page.goto('/wallet');
  await page.getByRole('radio', { name: /300/ }).check();
  await page.getByRole('radio', { name: method }).check();
  const pay = page.getByRole('button', { name: /^Pay/ });
  await (double ? pay.dblclick() : pay.click());
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
}

test('tops up through the sandbox: success, decline and cancel', async ({ page }) => {
  // Three checkouts in one journey: 12 s alone, up to 31 s beside the other worker on two cores.
  test.setTimeout(90_000);
  await signInAsVisitor(page);
  const headerBalance = page.getByTestId('header-balance');
  await expect(headerBalance).toHaveText('0');

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Gem balance' })).toBeVisible();
  const tiers = page.getByRole('radiogroup').getByRole('radio');
  await expect(tiers).toHaveCount(6);
  await expect(page.getByText('$89.99')).toBeVisible();
  for (const badge of ['20% off', '25% off', '30% off']) {
    await expect(page.getByText(badge)).toBeVisible();
  }
  await expect(page.getByText(/valid for 1 year.*non-refundable/)).toBeVisible();

  // A double click on Pay opens one order: whatever reaches the server carries one key, which
  // the server answers with the order it made first (apps/server/test: orders).
  const keys: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/api/auth/v1/order') && request.method() === 'POST') {
      keys.push(request.postDataJSON().idempotency_key);
    }
  });
  await startTopUp(page, 'Alipay', { double: true });
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(1);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/callback\?order_no=TF\d+/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('gems-received')).toHaveText('320');
  await expect(page.getByText('Alipay')).toBeVisible();
  await expect(headerBalance).toHaveText('320');

  await startTopUp(page, 'Credit card');
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('Payment failed: the card was declined').first()).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/wallet/);

  await startTopUp(page, 'WeChat Pay');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByTestId('gems-received')).toHaveText('0');

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('320');
  const history = page.getByRole('region', { name: 'Transactions' });
  await expect(history.getByText('Top-up')).toHaveCount(1);
  await expect(history.getByText('+320')).toBeVisible();
});

test('shows the wallet in Chinese with yuan prices', async ({ page }) => {
  await signInAsVisitor(page);
  await page.evaluate((key) => localStorage.setItem(key, 'zh_CN'), STORAGE_KEYS.language);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: '宝石余额' })).toBeVisible();
  await expect(page.getByText('¥648', { exact: true })).toBeVisible();
  await expect(page.getByText('宝石自购买之日起 1 年内有效。支付后不予退款。')).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/wallet-zh-${width}.jpg`,
      fullPage: true,
      ...PICTURE,
    });
  }
});

test('screens at phone and desktop widths', async ({ page }) => {
  await signInAsVisitor(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/wallet');
    await expect(page.getByRole('radiogroup').getByRole('radio')).toHaveCount(6);
    await page.screenshot({ path: `test-results/wallet-${width}.jpg`, fullPage: true, ...PICTURE });
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await startTopUp(page, 'Alipay');
  await page.screenshot({
    path: 'test-results/sandbox-checkout-390.jpg',
    fullPage: true,
    ...PICTURE,
  });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.screenshot({
    path: 'test-results/payment-result-390.jpg',
    fullPage: true,
    ...PICTURE,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({
    path: 'test-results/payment-result-1280.jpg',
    fullPage: true,
    ...PICTURE,
  });
});

test('a signed-in player’s header has the gem chip from its first render', async ({ page }) => {
  await signInAsVisitor(page);
  // What the header's actions held the moment they first appeared, before any chunk or call
  // came back: a chip that arrives later moves the header under the player's thumb.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const actions = document.querySelector('.app-header__actions');
      if (!actions) return;
      seen.disconnect();
      (window as { firstHeaderHadChip?: boolean }).firstHeaderHadChip = Boolean(
        actions.querySelector('.gem-chip'),
      );
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/For_You');
  await expect(page.getByTestId('header-balance')).toHaveText('0');
  expect(
    await page.evaluate(() => (window as { firstHeaderHadChip?: boolean }).firstHeaderHadChip),
  ).toBe(true);
});
