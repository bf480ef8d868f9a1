import {
  isApiCall,
  isRiskCall,
  pathOf,
  RISK_DEVICE_PATH,
  RISK_KEY_PATH,
  START_MARKS,
  waitForMount,
} from '../support/app';
import { expect, test } from '../support/device';

test('the devtools guard comes first, then the visitor step, then the app mounts', async ({
  page,
}) => {
  await page.goto('/For_You');
  await waitForMount(page);

  const startMarks: readonly string[] = START_MARKS;
  const marksInOrder = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .sort((a, b) => a.startTime - b.startTime)
        .map((mark) => mark.name),
    );
  await expect
    .poll(async () => (await marksInOrder()).filter((name) => startMarks.includes(name)))
    .toEqual(startMarks);
});

test('the visitor requests finish before the app makes its first call', async ({ page }) => {
  // One ordered log of API request starts and risk request finishes, as the browser saw them.
  const events: string[] = [];
  page.on('request', (request) => {
    if (isApiCall(request))
      events.push(`${isRiskCall(request) ? 'risk' : 'app'} ${pathOf(request)}`);
  });
  page.on('requestfinished', (request) => {
    if (isRiskCall(request)) events.push(`done ${pathOf(request)}`);
  });

  await page.goto('/For_You');
  await waitForMount(page);
  await expect.poll(() => events.some((event) => event.startsWith('app '))).toBe(true);

  const log = events.join('\n');
  const keyStart = events.indexOf(`risk ${RISK_KEY_PATH}`);
  const deviceStart = events.indexOf(`risk ${RISK_DEVICE_PATH}`);
  const deviceDone = events.indexOf(`done ${RISK_DEVICE_PATH}`);
  const firstAppCall = events.findIndex((event) => event.startsWith('app '));
  expect(keyStart, log).toBeGreaterThanOrEqual(0);
  expect(deviceStart, log).toBeGreaterThan(keyStart);
  expect(deviceDone, log).toBeGreaterThan(deviceStart);
  expect(firstAppCall, log).toBeGreaterThan(deviceDone);
});
