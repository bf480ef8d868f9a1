import { expect, type Page, test } from '../support/device';

// The checks every journey runs (support/page-checks.ts) must be able to fail. These pages are
// served on the app's own origin by the browser's router, so the checks treat them as ours.

async function serve(page: Page, html: string, headers: Record<string, string> = {}) {
  await page.route('**/page-checks-probe', (route) =>
    route.fulfill({ contentType: 'text/html', headers, body: html }),
  );
  await page.goto('/page-checks-probe');
}

const document = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main>${body}</main></body></html>`;

test('a screen with a serious accessibility violation is reported on the first action', async ({
  page,
  pageChecks,
}) => {
  await serve(page, document('<h1>Probe</h1><button type="button"></button>'));
  await page.getByRole('heading', { name: 'Probe' }).click();
  const report = pageChecks.takeReport();
  expect(report).toContain('[critical] button-name');
  expect(report).toContain('/page-checks-probe');
});

test('a Content-Security-Policy violation is reported, and the scan itself causes none', async ({
  page,
  pageChecks,
}) => {
  await serve(page, document('<h1>Probe</h1><script>document.title = "ran";</script>'), {
    'content-security-policy': "default-src 'self'",
  });
  await page.getByRole('heading', { name: 'Probe' }).click();
  await expect.poll(() => pageChecks.takeReport()).toMatch(/Content-Security-Policy.*script-src/s);
  expect(await page.title()).toBe('Probe');

  // The same strict policy without the inline script: the scan runs (it finds the nameless
  // button) and is no violation of its own.
  await serve(page, document('<h1>No script</h1><button type="button"></button>'), {
    'content-security-policy': "default-src 'self'",
  });
  await page.getByRole('heading', { name: 'No script' }).click();
  const report = pageChecks.takeReport();
  expect(report).toContain('button-name');
  expect(report).not.toContain('Content-Security-Policy');
});

test('text below contrast on a solid colour is reported once the screen is waited for', async ({
  page,
  pageChecks,
}) => {
  // Solid, as the studio draws its text: over a gradient axe can only ask for a review.
  await serve(
    page,
    document('<h1>Faint</h1><p style="background:#0c0920;color:#2c2170">Hard to read</p>'),
  );
  await pageChecks.expectScanned(page);
  expect(pageChecks.takeReport()).toContain('[serious] color-contrast');
});
