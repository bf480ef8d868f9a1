import { CALLS } from '@taleforge/contracts';
import { fakeGoogleInBrowser, inviteCode } from '../support/accounts';
import { callPath } from '../support/api';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');
const nicknameStep = (page: Page) =>
  dialog(page).getByRole('heading', { name: 'Choose your name' });

async function expectCannotClose(page: Page) {
  await expect(nicknameStep(page)).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(nicknameStep(page)).toBeVisible();
  // The backdrop, outside the panel.
  await page.mouse.click(3, 3);
  await expect(nicknameStep(page)).toBeVisible();
  // Focus stays inside the dialog, however far one tabs.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
    ).toBe(true);
  }
}

async function completeNickname(page: Page, nickname: string) {
  await dialog(page).getByLabel('Nickname').fill(nickname);
  await dialog(page).getByLabel('Invite code').fill(inviteCode());
  // Back to the page the sign-in started from: a new page load.
  const returned = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'Register' }).click();
  await returned;
}

test('Discord: a new account must choose a nickname (the step cannot be closed), then returns to where it started', async ({
  page,
}) => {
  await page.goto('/drama');
  await waitForMount(page);
  await banner(page).getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Continue with Discord' }).click();

  // Discord (on loopback) sends the browser back to /discordloginback, which signs in and
  // returns to /drama with the nickname step.
  await expect(nicknameStep(page)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/drama');
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.oauthEnum)).toBe(
    'DISCORD',
  );
  await expectCannotClose(page);

  // A reload does not get around it either.
  await page.reload();
  await expectCannotClose(page);

  await completeNickname(page, 'Nightjar Prime');
  await expect(page).toHaveURL((url) => url.pathname === '/drama');
  await expect(banner(page).getByRole('link', { name: 'Open my profile' })).toContainText(
    'Nightjar Prime',
  );
  await expect(dialog(page)).toHaveCount(0);
});

test('Discord: a state that does not match this browser is refused with a way back', async ({
  page,
}) => {
  await page.goto('/discordloginback?code=abc&state=forged-state');
  await expect(page.getByRole('heading', { name: 'Discord sign-in failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Try signing in again' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/For_You');
  await expect(dialog(page).getByRole('heading', { name: 'Sign in to Taleforge' })).toBeVisible();
});

test('Google: the popup token is checked by the server; a new account completes its nickname', async ({
  page,
}) => {
  const sub = `g-${Date.now()}`;
  await fakeGoogleInBrowser(page, { sub, name: 'Grace Hopper' });
  await page.goto('/drama');
  await waitForMount(page);
  await banner(page).getByRole('button', { name: 'Sign in' }).click();
  const login = page.waitForRequest((r) => r.url().includes(callPath(CALLS.login)));
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  expect((await login).postDataJSON()).toMatchObject({
    oauth_enum: 'GOOGLE',
    scene_type: 1,
    access_token: `ya29.e2e-${sub}`,
    openid: sub,
    nick_name: 'Grace Hopper',
  });

  await expectCannotClose(page);
  await expect(dialog(page).getByLabel('Nickname')).toHaveValue('Grace Hopper');
  await completeNickname(page, 'Grace');
  await expect(page).toHaveURL((url) => url.pathname === '/drama');
  await expect(banner(page).getByRole('link', { name: 'Open my profile' })).toContainText('Grace');
});
