import { switchLanguage } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { MODEL_ORIGIN, MODEL_REPLY } from '../support/env';
import { openGameFromHome } from '../support/home';
import { PICTURE } from '../support/layout';
import { readUntilAction } from '../support/story';
import { signInAsVisitor } from '../support/visitor';

// What a message costs, as a player meets it: nothing when the character's authored lines answer
// (the default server), 10 gems when a model does (the model server) — and with no gems, a way to
// Top up that comes back to the same conversation with the words still in the box.

/**
 * Into The Lantern Ledger (by its title in the page's language), past its first lines, and into a
 * conversation with Inspector Wren from the journal (a side column on desktop, a drawer on phones).
 */
async function talkToWren(page: Page, title: RegExp, talk: RegExp) {
  await page.goto('/For_You');
  await openGameFromHome(page, title);
  await expect(page).toHaveURL(/\/drama\/\d+$/);
  await readUntilAction(page);
  const toggle = page.locator('.play__journal-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: talk }).click();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/${name}-${width}.jpg`, ...PICTURE });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('offline characters', () => {
  test('answer what was asked, for free, in Chinese', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsVisitor(page, 'Clerk');
    await switchLanguage(page, 'zh_CN');
    await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
    await talkToWren(page, /灯笼街账簿/, /和.*聊天/);

    const chat = page.getByRole('dialog', { name: '雷恩探长' });
    const input = chat.getByLabel('发给雷恩探长的消息');
    await input.fill('谁有侧门的钥匙？');
    // Free: sent at once, no confirmation (SPEC §2's is for a message that costs gems).
    await chat.getByRole('button', { name: '发送 · 免费' }).click();

    // The answer is the fact asked about, not a line about something else.
    await expect(chat.getByTestId('live-reply')).toBeHidden();
    await expect(chat.getByText('守夜人莫斯有侧门的钥匙。')).toBeVisible();
    await expect(chat.getByText('免费', { exact: true })).toHaveCount(1);
    await expect(chat.getByText('余额：0 宝石')).toBeVisible();

    // A question nothing the character knows answers: she says so, plainly, in her voice.
    await input.fill('法国的首都是哪里？');
    await chat.getByRole('button', { name: '发送 · 免费' }).click();
    await expect(chat.getByTestId('live-reply')).toBeHidden();
    await expect(chat.getByText('我不知道。我也不猜：猜测会害死人。')).toBeVisible();
    await expect(chat.getByText('免费', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('dialog', { name: '发送消息' })).toHaveCount(0);
    await shoot(page, 'chat-free-zh');
  });
});

test.describe('characters a model answers', () => {
  test.use({ baseURL: MODEL_ORIGIN });

  test('at zero gems offer Top up, and after paying the player is back with the words kept', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsVisitor(page, 'Clerk');
    await talkToWren(page, /The Lantern Ledger/, /Talk to .*Wren/);

    const chat = page.getByRole('dialog', { name: 'Inspector Wren' });
    await expect(chat.getByText('Engine: AI language model')).toBeVisible();
    const input = chat.getByLabel('Message to Inspector Wren');
    await input.fill('Who was at the side door?');
    await chat.getByRole('button', { name: 'Send · 10 gems' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send message' });
    await expect(confirm.getByText('Sending a message costs 10 gems.')).toBeVisible();
    await expect(confirm.getByText('Your balance: 0 gems')).toBeVisible();
    await expect(confirm.getByText('Insufficient balance, please recharge first')).toBeVisible();
    await expect(confirm.getByRole('button', { name: /Send for/ })).toHaveCount(0);
    await shoot(page, 'chat-top-up-en');
    await confirm.getByRole('link', { name: 'Top up' }).click();

    // The wallet, the sandbox checkout, and "Return to game" from the result page.
    await expect(page).toHaveURL((url) => url.pathname === '/wallet');
    const gamePath = new URL(page.url()).searchParams.get('return');
    expect(gamePath).toMatch(/^\/drama\/\d+\?chat=\d+$/);
    await page.getByRole('radio', { name: /300/ }).check();
    await page.getByRole('radio', { name: 'Alipay' }).check();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to game' }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === gamePath);

    // The same conversation, open, the words still there; now the message goes, for 10 gems.
    await expect(chat).toBeVisible();
    await expect(input).toHaveValue('Who was at the side door?');
    await expect(chat.getByText('Balance: 320 gems')).toBeVisible();
    await chat.getByRole('button', { name: 'Send · 10 gems' }).click();
    await expect(confirm.getByText('Your balance: 320 gems')).toBeVisible();
    await confirm.getByRole('button', { name: 'Send for 10 gems' }).click();
    await expect(chat.getByTestId('live-reply')).toBeHidden();
    await expect(chat.getByText(MODEL_REPLY)).toBeVisible();
    await expect(chat.getByText('10 gems', { exact: true })).toBeVisible();
    await expect(chat.getByText('Balance: 310 gems')).toBeVisible();
    await expect(input).toHaveValue('');
    await shoot(page, 'chat-paid-en');
  });

  test('at zero gems offer Top up in Japanese too', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsVisitor(page, 'Clerk');
    await switchLanguage(page, 'ja_JP');
    await expect(page.locator('html')).toHaveAttribute('lang', /^ja/);
    await talkToWren(page, /ランタン通りの帳簿/, /と話す/);

    const chat = page.getByRole('dialog', { name: 'レン警部' });
    await chat.getByLabel('レン警部へのメッセージ').fill('通用口に誰がいた？');
    await chat.getByRole('button', { name: '送信 · 10 ジェム' }).click();
    const confirm = page.getByRole('dialog', { name: 'メッセージを送信' });
    await expect(confirm.getByText('残高が不足しています。先にチャージしてください')).toBeVisible();
    await shoot(page, 'chat-top-up-ja');
    await confirm.getByRole('link', { name: 'チャージする' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/wallet');
    expect(new URL(page.url()).searchParams.get('return')).toMatch(/^\/drama\/\d+\?chat=\d+$/);
    await expect(page.getByRole('radiogroup').getByRole('radio')).toHaveCount(6);
  });
});
