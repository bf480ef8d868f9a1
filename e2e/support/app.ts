// Shared helpers for the journeys: where the app lives, what its API calls look like, and how to
// wait for the start-up steps without sleeping.

import { expect, type Page, type Request } from '@playwright/test';
import {
  ACCEPT_LANGUAGE,
  homeCall,
  type Locale,
  PRODUCT_SLUG,
  pageViewCall,
  riskDeviceCall,
  riskKeyCall,
  STORAGE_KEYS,
} from '@taleforge/contracts';

import { callPath } from './api';

export { DEVTOOLS_HOST, DEVTOOLS_ORIGIN, E2E_PORT } from './env';

export const API_PREFIX = `/${PRODUCT_SLUG}/api/`;
export const RISK_KEY_PATH = callPath(riskKeyCall);
export const RISK_DEVICE_PATH = callPath(riskDeviceCall);
export const PAGE_VIEW_PATH = callPath(pageViewCall);
export const HOME_PATH = callPath(homeCall);
export { ACCEPT_LANGUAGE, type Locale, STORAGE_KEYS };

export const START_MARKS = [
  'taleforge:devtools-guard',
  'taleforge:visitor-ready',
  'taleforge:mount',
] as const;

export const pathOf = (request: Request) => new URL(request.url()).pathname;
export const isApiCall = (request: Request) => pathOf(request).startsWith(API_PREFIX);
export const isRiskCall = (request: Request) =>
  pathOf(request) === RISK_KEY_PATH || pathOf(request) === RISK_DEVICE_PATH;

/** Every API request the page makes from now on, in the order the browser issued them. */
export function recordApiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (isApiCall(request)) calls.push(request);
  });
  return calls;
}

/**
 * Waits until the app has mounted: the shell's header is on screen. (The start-up test checks the
 * performance marks; the other journeys should not all fail when only a mark is missing.)
 */
export async function waitForMount(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Waits for the visitor id the risk step stores, and returns it. */
export async function waitForVisitorId(page: Page): Promise<string> {
  let visitorId: string | null = null;
  await expect
    .poll(async () => {
      visitorId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.visitor);
      return visitorId;
    })
    .toBeTruthy();
  return visitorId!;
}

/**
 * Navigates inside the SPA the way a person does: the visible main-navigation link with this
 * name (the sidebar and the phone tab bar hold the same links; CSS shows one).
 */
export async function followNavLink(page: Page, name: string, path: string) {
  await page
    .getByRole('navigation')
    .getByRole('link', { name, exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** True when the body is not rendered for a person: display none, visibility hidden or opacity 0. */
export function bodyIsHidden(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0';
  });
}

/** Language names as the switcher shows them, each in its own language. */
export const LANGUAGE_LABELS: Record<Locale, string> = {
  en_US: 'English',
  zh_CN: '中文',
  ja_JP: '日本語',
};

/** Picks a language in the header's language select (labelled in the current language). */
export async function switchLanguage(page: Page, locale: Locale) {
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(language|语言|言語)$/i })
    .selectOption({ label: LANGUAGE_LABELS[locale] });
}
