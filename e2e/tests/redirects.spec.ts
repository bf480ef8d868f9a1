import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, test } from '../support/device';
import { heldVisitor, visitorLogin } from '../support/visitor';

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
  // A real session: at mount the app checks the stored token with the server.
  await page.goto('/For_You');
  const login = (await visitorLogin(page, await heldVisitor(page))).data!;
  await page.addInitScript(
    ({ keys, login }) => {
      localStorage.setItem(keys.accessToken, login.access_token);
      localStorage.setItem(keys.userId, login.uid);
      localStorage.setItem(keys.userInfo, JSON.stringify(login.user_info_resp));
    },
    { keys: STORAGE_KEYS, login },
  );

  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/profile/me');
  await waitForMount(page);
  // "Stays": once the page is quiet, nothing has sent us elsewhere.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL((url) => url.pathname === '/profile/me');
});
