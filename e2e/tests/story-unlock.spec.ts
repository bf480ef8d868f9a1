import { type Locale, switchLanguage, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { PICTURE } from '../support/layout';
import { playLanternChapterOne, readUntilAction } from '../support/story';

async function openLanternLedger(page: Page, title: RegExp, locale?: Locale) {
  await page.goto('/For_You');
  await waitForMount(page);
  if (locale) {
    await switchLanguage(page, locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  }
  await openGameFromHome(page, title);
  await expect(page).toHaveURL(/\/drama\/\d+$/);
  await expect(page.getByTestId('dialogue')).toBeVisible();
}

test.describe('buying a chapter', () => {
  test('a visitor plays chapter one, tops up, unlocks chapter two with gems and plays it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLanternLedger(page, /The Lantern Ledger/);
    const gamePath = new URL(page.url()).pathname;

    // Opening a game signed the visitor in silently: a stored session, so the header shows the
    // balance — and still offers the sign-in, because a visitor account is not an account yet.
    const header = page.getByRole('banner');
    const headerBalance = page.getByTestId('header-balance');
    await expect(headerBalance).toHaveText('0');
    await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await playLanternChapterOne(page);
    const end = page.getByTestId('chapter-end');
    await end.getByRole('button', { name: 'Unlock Low Tide · 60 gems' }).click();

    // Not enough gems: the dialog says so and offers the top-up instead of the purchase.
    const dialog = page.getByRole('dialog', { name: 'Unlock this chapter?' });
    await expect(dialog).toContainText('Chapter 2 · Low Tide');
    await expect(dialog.getByTestId('unlock-balance')).toHaveText('0');
    await expect(dialog.getByText('Insufficient balance, please recharge first')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Unlock for/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/unlock-dialog-short-1280.jpg', ...PICTURE });
    await dialog.getByRole('link', { name: 'Top up' }).click();

    // The sandbox checkout, and back to the game from the result page.
    await expect(page).toHaveURL((url) => url.pathname === '/wallet');
    await page.getByRole('radio', { name: /300/ }).check();
    await page.getByRole('radio', { name: 'Alipay' }).check();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByTestId('gems-received')).toHaveText('320');
    await expect(headerBalance).toHaveText('320');
    await page.getByRole('link', { name: 'Return to game' }).click();
    await expect(page).toHaveURL((url) => url.pathname === gamePath);

    // The save brings the player back to the end of chapter one; now the gems are there.
    await readUntilAction(page);
    await end.getByRole('button', { name: 'Unlock Low Tide · 60 gems' }).click();
    await expect(dialog.getByTestId('unlock-balance')).toHaveText('320');
    const confirm = dialog.getByRole('button', { name: 'Unlock for 60 gems' });
    await expect(confirm).toBeFocused();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `test-results/unlock-dialog-${width}.jpg`, ...PICTURE });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await confirm.click();
    await expect(dialog).toHaveCount(0);

    // Chapter two starts at once; the balance and the chapter list follow.
    await expect(page.getByTestId('dialogue')).toContainText('Pier three at two in the morning');
    await expect(headerBalance).toHaveText('260');
    const journal = page.getByRole('complementary', { name: 'Journal' });
    await expect(journal.getByRole('button', { name: /Chapter 2 · Low Tide/ })).toContainText(
      'Unlocked',
    );
    await expect(journal.getByRole('button', { name: /Chapter 3/ })).toContainText('Locked');

    // Choosing chapter two again later opens it, never a second purchase.
    await journal.getByRole('button', { name: /Chapter 1 · The Night Porter/ }).click();
    await readUntilAction(page);
    await journal.getByRole('button', { name: /Chapter 2 · Low Tide/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('dialogue')).toContainText('Pier three at two in the morning');
    await expect(headerBalance).toHaveText('260');

    // The wallet's history has both: the top-up and the unlock.
    await headerBalance.click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('260');
    const history = page.getByRole('region', { name: 'Transactions' });
    const rows = history.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Chapter unlock');
    await expect(rows.nth(0)).toContainText('−60');
    await expect(rows.nth(0)).toContainText('Balance 260');
    await expect(rows.nth(1)).toContainText('Top-up');
    await expect(rows.nth(1)).toContainText('+320');
  });
});

for (const {
  locale,
  title,
  journalName,
  dialogTitle,
  chapterName,
  short,
  topUp,
  walletHeading,
} of [
  {
    locale: 'zh_CN' as const,
    title: /灯笼街账簿/,
    journalName: '手册',
    dialogTitle: '解锁本章节？',
    chapterName: '第2章',
    short: '余额不足，请先充值',
    topUp: '去充值',
    walletHeading: '宝石余额',
  },
  {
    locale: 'ja_JP' as const,
    title: /ランタン通りの帳簿/,
    journalName: '手帳',
    dialogTitle: 'この章を解放しますか？',
    chapterName: '第2章',
    short: '残高が不足しています。先にチャージしてください',
    topUp: 'チャージする',
    walletHeading: 'ジェム残高',
  },
]) {
  test.describe(`the unlock dialog in ${locale}`, () => {
    test(`reads in ${locale} on a phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openLanternLedger(page, title, locale);
      await page.getByRole('button', { name: journalName }).click();
      const journal = page.getByRole('complementary', { name: journalName });
      await journal.getByRole('button', { name: new RegExp(chapterName) }).click();
      const dialog = page.getByRole('dialog', { name: dialogTitle });
      await expect(dialog).toContainText(chapterName);
      await expect(dialog.getByTestId('unlock-balance')).toHaveText('0');
      await expect(dialog.getByText(short)).toBeVisible();
      await expect(dialog.getByRole('link', { name: topUp })).toBeVisible();
      await page.screenshot({ path: `test-results/unlock-dialog-${locale}-390.jpg`, ...PICTURE });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // The top-up it offers is the wallet, in the same language, on the way back to the story.
      await page.getByRole('button', { name: journalName }).click();
      await journal.getByRole('button', { name: new RegExp(chapterName) }).click();
      await dialog.getByRole('link', { name: topUp }).click();
      await expect(page.getByRole('heading', { name: walletHeading })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('return')).toMatch(/^\/drama\/\d+$/);
      await expect(page.getByRole('radiogroup').getByRole('radio')).toHaveCount(6);
      await page.screenshot({
        path: `test-results/unlock-top-up-${locale}-390.jpg`,
        fullPage: true,
        ...PICTURE,
      });
    });
  });
}
