import { CALLS } from '@taleforge/contracts';
import { fakeGoogleInBrowser, inviteCode, pageVisitor } from '../support/accounts';
import { api, callPath } from '../support/api';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { SHORT_SESSION_ORIGIN, SHORT_SESSION_SECONDS } from '../support/env';

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('a token the server no longer accepts opens the login modal and is forgotten', async ({
  page,
  request,
}) => {
  // A sign-in, a registration and a reload: up to 31 s beside the other worker on two cores.
  test.setTimeout(90_000);
  // The signed-in header's own calls, answered since the page last loaded: the session may only
  // end once they are, or one of them meets the dead token first, the page forgets it, and the
  // reload then has no token to check (seen as a wait for a call that never came).
  const headerCalls = [CALLS.walletBalance, CALLS.notificationUnread].map(callPath);
  const answered = new Set<string>();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) answered.clear();
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (headerCalls.includes(path)) answered.add(path);
  });
  // A signed-in player (Google is the quickest real sign-in on loopback).
  await fakeGoogleInBrowser(page, { sub: `g-exp-${Date.now()}`, name: 'Expiring Ed' });
  await page.goto('/For_You');
  await waitForMount(page);
  await banner(page).getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  await dialog(page).getByLabel('Nickname').fill('Expiring Ed');
  await dialog(page).getByLabel('Invite code').fill(inviteCode());
  // Completing the nickname goes back to the page the sign-in started from (a new page load).
  const returned = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'Register' }).click();
  await returned;
  await expect(banner(page).getByRole('link', { name: 'Open my profile' })).toBeVisible();
  const token = await stored(page, STORAGE_KEYS.accessToken);
  expect(token).toBeTruthy();
  await expect.poll(() => answered.size).toBe(headerCalls.length);

  // The session ends on the server (as at expiry, or a logout elsewhere).
  const ended = await api(request, CALLS.logout, { dfId: await pageVisitor(page), token: token! });
  expect(ended.status).toBe(200);

  // The next /api/auth/ call the page makes is refused with a login-required status.
  const refused = page.waitForResponse((r) => r.url().includes(callPath(CALLS.userInfo)));
  await page.reload();
  expect([1005, 1006, 1007]).toContain((await (await refused).json()).status);
  await expect(dialog(page).getByRole('heading', { name: 'Sign in to Taleforge' })).toBeVisible();
  expect(await stored(page, STORAGE_KEYS.accessToken)).toBeNull();
  expect(await stored(page, STORAGE_KEYS.userInfo)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(banner(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a session that expired answers 1007, which opens the login modal and forgets the token', async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  // A visitor who opened a game holds a session (oauth_enum DF_ID) on the server whose sessions
  // last SHORT_SESSION_SECONDS.
  await page.goto(`${SHORT_SESSION_ORIGIN}/drama/1`);
  await expect(page.getByTestId('dialogue')).toBeVisible();
  expect(await stored(page, STORAGE_KEYS.accessToken)).toBeTruthy();

  // Nothing renews it meanwhile: the page makes no call until it is opened again, and the test
  // asks the server itself until the token has expired (a read renews only an hour-old session).
  const token = (await stored(page, STORAGE_KEYS.accessToken))!;
  const dfId = await pageVisitor(page);
  const shortServer = await playwright.request.newContext({ baseURL: SHORT_SESSION_ORIGIN });
  await expect
    .poll(async () => (await api(shortServer, CALLS.userInfo, { dfId, token })).status, {
      timeout: (SHORT_SESSION_SECONDS + 10) * 1000,
      intervals: [500],
    })
    .toBe(1007);
  await shortServer.dispose();
  const refused = page.waitForResponse((r) => r.url().includes(callPath(CALLS.userInfo)));
  await page.goto(`${SHORT_SESSION_ORIGIN}/For_You`);
  expect((await (await refused).json()).status).toBe(1007);
  await expect(dialog(page).getByRole('heading', { name: 'Sign in to Taleforge' })).toBeVisible();
  expect(await stored(page, STORAGE_KEYS.accessToken)).toBeNull();
});
