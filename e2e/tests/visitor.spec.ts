import {
  HOME_PATH,
  isRiskCall,
  pathOf,
  RISK_DEVICE_PATH,
  recordApiCalls,
  waitForMount,
  waitForVisitorId,
} from '../support/app';
import { expect, test } from '../support/device';

test('the visitor id is stored, sent as df_id, and reused on the next load', async ({ page }) => {
  const calls = recordApiCalls(page);
  const homeLoaded = () =>
    page.waitForResponse((response) => pathOf(response.request()) === HOME_PATH);

  // First load: the risk step runs and stores the visitor id the server issued.
  const firstHome = homeLoaded();
  const device = page.waitForResponse(
    (response) => pathOf(response.request()) === RISK_DEVICE_PATH,
  );
  await page.goto('/For_You');
  const visitorId = await waitForVisitorId(page);
  await firstHome;
  expect(await (await device).json()).toMatchObject({
    status: 200,
    data: { visitor_id: visitorId },
  });

  // Second load well within the 180 s risk cache: no new risk calls, df_id on every app call.
  calls.length = 0;
  const secondHome = homeLoaded();
  await page.reload();
  await waitForMount(page);
  await secondHome;

  expect(calls.filter(isRiskCall).map(pathOf)).toEqual([]);
  const appCalls = calls.filter((request) => !isRiskCall(request));
  expect(appCalls.length).toBeGreaterThan(0);
  for (const request of appCalls) {
    expect(new URL(request.url()).searchParams.get('df_id'), request.url()).toBe(visitorId);
  }
});

test('the first app call after the visitor step already carries df_id', async ({ page }) => {
  const home = page.waitForRequest((request) => pathOf(request) === HOME_PATH);
  await page.goto('/For_You');
  const visitorId = await waitForVisitorId(page);
  expect(new URL((await home).url()).searchParams.get('df_id')).toBe(visitorId);
});
