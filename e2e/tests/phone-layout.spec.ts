import type { Locale } from '@taleforge/contracts';
import { inviteCode, mailedCode, newEmail } from '../support/accounts';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { gameTitle, translator } from '../support/catalogue';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import {
  checkScreen,
  expectInView,
  expectNoSidewaysOverflow,
  PHONE,
  PICTURE,
} from '../support/layout';

// Every screen at 390 px, in English and in Chinese: nothing scrolls or sticks out sideways,
// with a balance of 99,999,999 gems in the header as well as a real one, and the puzzle's pieces
// open where a thumb can reach them. The same screens are pictured at 1280 px. (The sign-in
// dialog's dead ends have their own journey: sign-in-dead-ends.spec.ts.)

const RICH = 99_999_999;
const BALANCE_CALL = /\/taleforge\/api\/auth\/wallet\/balance(\?|$)/;

/** The header reads this balance whatever the ledger holds (the layout's worst case). */
async function pretendBalance(page: Page, gems: number) {
  await page.route(BALANCE_CALL, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ status: 200, desc: 'ok', data: { gem_balance: gems, balance: gems } }),
    }),
  );
}

/** What the story asks for next (runs in the browser): one round trip per tap, not three. */
function nextStep([target, withRoll]: [string, boolean]): 'there' | 'choice' | 'roll' | 'line' {
  const shown = (selector: string) => {
    const el = document.querySelector(selector);
    if (!el?.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  if (shown(target)) return 'there';
  if (shown('.choices button')) return 'choice';
  if (withRoll && shown('[data-testid=dice] .minigame__actions button')) return 'roll';
  return 'line';
}

/** Taps through lines, taking the first choice, until `selector` is on screen. */
async function playUntil(page: Page, selector: string, rollLabel?: string) {
  for (let i = 0; i < 120; i++) {
    const step = await page.evaluate(nextStep, [selector, Boolean(rollLabel)] as [string, boolean]);
    if (step === 'there') return;
    if (step === 'choice') await page.locator('.choices button').first().click();
    else if (step === 'roll') await page.getByRole('button', { name: rollLabel }).click();
    else await page.getByTestId('dialogue').click();
  }
  throw new Error(`never reached ${selector}`);
}

async function openGame(page: Page, slug: string, locale: Locale) {
  await page.goto('/For_You');
  await openGameFromHome(page, new RegExp(gameTitle(slug, locale)));
  await expect(page).toHaveURL(/\/drama\/\d+$/);
  await expect(page.getByTestId('dialogue')).toBeVisible();
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  test(`every screen fits 390 px without sideways scrolling (${locale})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const t = translator(locale);
    const shot = (name: string) => checkScreen(page, testInfo, `${locale}-${name}`);
    const banner = page.getByRole('banner');
    const dialog = page.getByRole('dialog');
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [STORAGE_KEYS.language, locale] as const,
    );
    await page.setViewportSize(PHONE);
    await pretendBalance(page, RICH);

    // A visitor: home, the drama shell, a story with its dialogue (which makes the visitor
    // account whose balance the header then shows), and its puzzle.
    await page.goto('/For_You');
    await waitForMount(page);
    await shot('home-visitor');
    await page.goto('/drama');
    await waitForMount(page);
    await shot('drama');
    await openGame(page, 'lantern-ledger', locale);
    await expect(page.getByTestId('header-balance')).toHaveText('9999.9w');
    await expectInView(
      banner.getByRole('button', { name: t('header.signIn'), exact: true }),
      'sign-in',
    );
    await shot('play');
    // A shorter phone, where the puzzle's pieces used to start under the tab bar.
    await page.setViewportSize({ width: PHONE.width, height: 667 });
    await playUntil(page, '[data-testid=puzzle]');
    const puzzle = page.getByTestId('puzzle');
    const piece = puzzle.locator('.puzzle__piece').first();
    // The pieces come to where the player can tap them, without the player scrolling: between
    // the header and the tab bar.
    await expect
      .poll(async () => {
        const box = await piece.boundingBox();
        const header = await banner.boundingBox();
        const tabBar = await page.locator('.tab-bar').boundingBox();
        if (!box || !header || !tabBar) return 'not rendered';
        if (box.y < header.y + header.height) return 'under the header';
        if (box.y + box.height > tabBar.y) return 'under the tab bar';
        return 'in reach';
      })
      .toBe('in reach');
    await expectInView(piece, 'the first puzzle piece');
    await page.screenshot({
      path: testInfo.outputPath(`${locale}-puzzle-390x667.jpg`),
      ...PICTURE,
    });
    await shot('puzzle');
    const label = await piece.textContent();
    await piece.click();
    await expect(puzzle.locator('.puzzle__slot--filled')).toContainText(label ?? '');

    // Every step of a registration: the address (0), its code (2), the account (3).
    const email = newEmail(`layout-${locale.slice(0, 2)}`);
    await banner.getByRole('button', { name: t('header.signIn'), exact: true }).click();
    await expect(dialog.getByRole('heading', { name: t('auth.steps.email.title') })).toBeVisible();
    await shot('login-email');
    await dialog.getByLabel(t('auth.email')).fill(email);
    await dialog.getByRole('button', { name: t('auth.confirm') }).click();
    await expect(dialog.getByRole('heading', { name: t('auth.steps.code.title') })).toBeVisible();
    await shot('login-code');
    const code = await mailedCode(email, 1);
    await dialog.getByLabel(t('auth.code')).fill(code);
    await dialog.getByRole('button', { name: t('auth.nextStep') }).click();
    await expect(
      dialog.getByRole('heading', { name: t('auth.steps.register.title') }),
    ).toBeVisible();
    await shot('login-register');
    await dialog.getByLabel(t('auth.password'), { exact: true }).fill('secret12');
    await dialog.getByLabel(t('auth.confirmPassword')).fill('secret12');
    await dialog.getByLabel(t('auth.nickname')).fill(`Lay${locale.slice(0, 2)}`);
    await dialog.getByLabel(t('auth.inviteCode')).fill(inviteCode());
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: t('auth.login') }).click();
    await expect(dialog).toHaveCount(0);
    await reloaded;
    await waitForMount(page);

    // Signed in with a real top-up of the largest pack: 9,258 gems, read as 9.2k.
    await page.unroute(BALANCE_CALL);
    await page.goto('/wallet');
    await expect(page.getByTestId('header-balance')).toHaveText('0');
    await expect(page.locator('input[name=tier]')).toHaveCount(6);
    await shot('wallet');
    await page.locator('input[name=tier][value=gems_648]').check();
    await page.locator('input[name=pay_method][value=alipay]').check();
    await page.locator('.top-up .button--gold').click();
    await expect(page.locator('button[value=pay]')).toBeVisible();
    await expectNoSidewaysOverflow(page, 'sandbox checkout');
    await shot('checkout');
    await page.locator('button[value=pay]').click();
    await expect(page).toHaveURL(/\/payment\/callback\?order_no=TF\d+/);
    await expect(page.getByTestId('gems-received')).toHaveText(/9,?258/);
    await expect(page.getByTestId('header-balance')).toHaveText('9.2k');
    await expectInView(banner.getByRole('button', { name: t('header.signOut') }), 'sign-out');
    await shot('payment-callback');

    // The largest balance the header must hold, on every screen of a signed-in player.
    await pretendBalance(page, RICH);
    await page.goto('/For_You');
    await expect(page.getByTestId('header-balance')).toHaveText('9999.9w');
    await expect(page.getByTestId('header-balance')).toHaveAttribute(
      'title',
      t('wallet.headerBalanceTitle', { value: '99,999,999' }),
    );
    await expectInView(banner.getByRole('button', { name: t('header.signOut') }), 'sign-out');
    await shot('home-signed-in');
    await page.goto('/profile/me');
    await waitForMount(page);
    await shot('profile-me');
    await page.goto('/profile/tf_someone');
    await waitForMount(page);
    await shot('profile-user');

    // The dice, a conversation with a character, and the chat.
    await openGame(page, 'kepler-dock', locale);
    await shot('play-signed-in');
    await playUntil(page, '[data-testid=dice]');
    await shot('dice');
    await playUntil(page, '.conversation', t('play.dice.roll'));
    await shot('conversation');
    await page.locator('.conversation button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('chat');
    await page.keyboard.press('Escape');

    // The word game.
    await openGame(page, 'ember-academy', locale);
    await playUntil(page, '[data-testid=word]');
    await expectInView(page.locator('[data-testid=word] .word__tile').first(), 'a letter tile');
    await shot('word');

    // Signed out, the password step for the address.
    await banner.getByRole('button', { name: t('header.signOut') }).click();
    await banner.getByRole('button', { name: t('header.signIn'), exact: true }).click();
    await dialog.getByLabel(t('auth.email')).fill(email);
    await dialog.getByRole('button', { name: t('auth.confirm') }).click();
    await expect(
      dialog.getByRole('heading', { name: t('auth.steps.password.title') }),
    ).toBeVisible();
    await shot('login-password');
  });
}
