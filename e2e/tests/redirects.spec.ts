import { apiPath, STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, test } from '../support/device';

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
  request,
}) => {
  // A real session: at mount the app checks the stored token with the server.
  const answer = await request.post(apiPath('/api/v1/login'), {
    params: { df_id: `v_e2e${Date.now().toString(36)}profile`, lang: 'en_US' },
    data: { oauth_enum: 'DF_ID', scene_type: 1 },
  });
  const login = (await answer.json()).data as {
    access_token: string;
    uid: string;
    user_info_resp: Record<string, unknown>;
  };
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
