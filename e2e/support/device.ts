// What every journey imports `test` from. Each test runs the page checks (accessibility,
// Content-Security-Policy; see page-checks.ts). Each test's browser context starts with empty
// storage, so it is a visitor of its own — the risk step names visitors at random (decision 24) —
// and a retry never starts from what a failed attempt left behind.

export { type CDPSession, expect, type Page, type Request } from '@playwright/test';
export { test } from './page-checks';
