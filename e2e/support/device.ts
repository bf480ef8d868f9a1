// What every journey imports `test` from. Each test runs the page checks (accessibility,
// Content-Security-Policy; see page-checks.ts). Each test's browser context starts with empty
// storage, so it is a visitor of its own — the risk step names visitors at random (decision 24) —
// and a retry never starts from what a failed attempt left behind. Each worker records what its
// browser cost in CPU, and each journey its own share with its name (browser-cpu.ts).

import { browserCpuSeconds, recordBrowserCpu, recordTestBrowserCpu } from './browser-cpu';
import { test as checked } from './page-checks';

export { type CDPSession, expect, type Page, type Request } from '@playwright/test';

export const test = checked.extend<
  { testCpuRecorded: undefined },
  { browserCpuRecorded: undefined }
>({
  testCpuRecorded: [
    async ({ browser: _ }, use, testInfo) => {
      const before = browserCpuSeconds();
      await use(undefined);
      recordTestBrowserCpu(testInfo, browserCpuSeconds() - before);
    },
    { auto: true },
  ],
  // Torn down before the browser it depends on closes: its processes are still there to read.
  browserCpuRecorded: [
    async ({ browser: _ }, use) => {
      await use(undefined);
      recordBrowserCpu();
    },
    { scope: 'worker', auto: true },
  ],
});
