import { expect, test } from '@playwright/test';
import { STORAGE_KEYS, waitForMount } from '../support/app';

const atForYou = (url: URL) => url.pathname === '/For_You';

test('/ redirects to /For_You', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(atForYou);
});

test('/profile without a login goes to / and on to /For_You', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(atForYou);
});

test('an unknown path goes to /For_You', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(atForYou);
});

test('with a stored token and user info, /profile goes to /profile/me and stays', async ({
  page,
}) => {
  await page.addInitScript((keys) => {
    localStorage.setItem(keys.accessToken, 'e2e-token');
    localStorage.setItem(keys.userId, '1');
    localStorage.setItem(
      keys.userInfo,
      JSON.stringify({ taleforge_id: 1, uid: 1, nick_name: 'Reader', avatar: '' }),
    );
  }, STORAGE_KEYS);

  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/profile/me');
  await waitForMount(page);
  // "Stays": once the page is quiet, nothing has sent us elsewhere.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL((url) => url.pathname === '/profile/me');
});
