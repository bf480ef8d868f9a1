// The visitor a page's browser is: the id the risk step issued and the secret that proves it.

import { expect, type Page } from '@playwright/test';
import { CALLS } from '@taleforge/contracts';
import { api } from './api';
import { STORAGE_KEYS, waitForMount, waitForVisitorId } from './app';

export interface HeldVisitor {
  dfId: string;
  secret: string | null;
}

/** What the page's browser holds once the risk step has run. */
export async function heldVisitor(page: Page): Promise<HeldVisitor> {
  const dfId = await waitForVisitorId(page);
  const secret = await page.evaluate(
    (key) => localStorage.getItem(key),
    STORAGE_KEYS.visitorSecret,
  );
  return { dfId, secret };
}

/** The DF_ID sign-in a browser makes, proving its visitor with the secret it holds. */
export async function visitorLogin(page: Page, visitor: HeldVisitor) {
  return api(page.request, CALLS.login, {
    dfId: visitor.dfId,
    body: {
      oauth_enum: 'DF_ID',
      scene_type: 1,
      ...(visitor.secret ? { visitor_secret: visitor.secret } : {}),
    },
  });
}

/** A visitor account for this browser, signed in the way the login dialog leaves it. */
export async function signInAsVisitor(page: Page, nickName = 'Wanderer') {
  await page.goto('/For_You');
  await waitForMount(page);
  const login = await visitorLogin(page, await heldVisitor(page));
  expect(login.status).toBe(200);
  await page.evaluate(
    ([keys, token, nick]) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.userInfo, JSON.stringify({ nick_name: nick, avatar: null }));
    },
    [STORAGE_KEYS, login.data!.access_token, nickName] as const,
  );
  await page.reload();
  await waitForMount(page);
}

/** 320 gems for the page's player through the wallet and the sandbox checkout, as a player pays. */
export async function buyGems(page: Page) {
  await page.goto('/wallet');
  await page.getByRole('radio', { name: /300/ }).check();
  await page.getByRole('radio', { name: 'Alipay' }).check();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('320');
}
