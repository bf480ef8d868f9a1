import { waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';

const dialog = (page: Page) => page.getByRole('dialog');
const focusIsInsideDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

test.beforeEach(async ({ page }) => {
  await page.goto('/For_You');
  await waitForMount(page);
});

test('the header sign-in button opens the login dialog, Escape closes it', async ({ page }) => {
  await expect(dialog(page)).toHaveCount(0);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /sign in|log ?in/i })
    .click();

  await expect(dialog(page)).toBeVisible();
  await expect.poll(() => focusIsInsideDialog(page)).toBe(true);
  await expect(dialog(page).getByLabel('Email')).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  // Focus returns to the button that opened the dialog.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeFocused();
});

test('a show-login-modal event opens the login dialog from anywhere', async ({ page }) => {
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('show-login-modal')));

  await expect(dialog(page)).toBeVisible();
  await expect.poll(() => focusIsInsideDialog(page)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
});
