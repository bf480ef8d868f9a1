// Helpers for the sign-in journeys: invite codes, mailed codes, and Google's browser side.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from './app';
import { GOOGLE_CLIENT_ID, GOOGLE_PORT, INVITES_FILE, MAILBOX_PORT } from './env';

/** The invite code the server wrapper made with the CLI before the server started. */
export function inviteCode(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const [code] = JSON.parse(readFileSync(join(dataDir, INVITES_FILE), 'utf8')) as string[];
  if (!code) throw new Error('no invite code was created');
  return code;
}

/** A fresh address per journey, so runs and workers never share an account. */
export const newEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@journeys.example`;

async function mailbox(to: string): Promise<{ count: number; code: string | null }> {
  const response = await fetch(
    `http://127.0.0.1:${MAILBOX_PORT}/code?to=${encodeURIComponent(to)}`,
  );
  return (await response.json()) as { count: number; code: string | null };
}

/** Waits for mail number `nth` (1-based) to the address and returns the code in it. */
export async function mailedCode(to: string, nth: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const box = await mailbox(to);
        code = box.count >= nth ? box.code : null;
        return box.count;
      },
      { message: `mail ${nth} to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(nth);
  return code!;
}

/**
 * Google's browser side for a page: the Identity Services script and the userinfo read are
 * answered in the browser (they are on Google's hosts), with a token the loopback Google knows,
 * so the server checks it exactly as it checks a real one.
 */
export async function fakeGoogleInBrowser(page: Page, who: { sub: string; name: string }) {
  const token = `ya29.e2e-${who.sub}`;
  await fetch(`http://127.0.0.1:${GOOGLE_PORT}/tokens`, {
    method: 'POST',
    body: JSON.stringify({
      token,
      aud: GOOGLE_CLIENT_ID,
      sub: who.sub,
      name: who.name,
      picture: '',
    }),
  });
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { oauth2: { initTokenClient(options) {
        return { requestAccessToken() {
          setTimeout(() => options.callback({ access_token: ${JSON.stringify(token)} }), 50);
        } };
      } } } };`,
    }),
  );
  await page.route('https://www.googleapis.com/oauth2/v3/userinfo', async (route) => {
    const answer = await fetch(`http://127.0.0.1:${GOOGLE_PORT}/userinfo`, {
      headers: { authorization: route.request().headers().authorization ?? '' },
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
  return token;
}

/** The visitor id the page's browser holds: calls from the test are made as that visitor. */
export async function pageVisitor(page: Page): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.visitor)) ?? '';
}

/**
 * Has the 60 s an address waits for its next code pass at once (the server offers this to test
 * runs only), so a journey that has seen the wait refused need not sleep through it.
 */
export async function passResendWait(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/test/verification-codes/resend-wait-passed', {
    data: { email },
  });
  if (response.status() !== 204)
    throw new Error(`no code to move for ${email}: ${response.status()}`);
}
