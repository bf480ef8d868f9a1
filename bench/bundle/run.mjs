// bench/bundle: the JavaScript a first visit to /For_You downloads, gzipped, measured by loading
// the page in Chromium against the built server and gzipping every script it fetched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../lib/browser.mjs';
import { startBuiltServer } from '../lib/server-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUDGET_KB = 150;

export async function benchBundle(route = '/For_You', budgetKb = BUDGET_KB) {
  const server = await startBuiltServer();
  const browser = await launchChromium();
  const scripts = new Set();
  try {
    const page = await browser.newPage();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.port === String(server.port) && url.pathname.endsWith('.js'))
        scripts.add(url.pathname);
    });
    let inFlight = 0;
    let quietSince = performance.now();
    page.on('request', () => {
      inFlight += 1;
    });
    const done = () => {
      inFlight -= 1;
      quietSince = performance.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(`${server.origin}${route}`);
    // The visitor step can leave the network quiet for longer than Playwright's "networkidle"
    // waits, and the screen's own code only starts loading once the app has mounted: wait for
    // the mount, then for half a second without a request.
    await page.waitForFunction(() => performance.getEntriesByName('taleforge:mount').length > 0);
    while (inFlight > 0 || performance.now() - quietSince < 500) {
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const files = [...scripts].map((path) => {
    const raw = readFileSync(join(root, 'apps/web/dist', path));
    return { path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((n, f) => n + f.gzip, 0);
  console.log(`\n── bench/bundle: first visit to ${route} ─────────────────`);
  for (const f of files) {
    console.log(
      `${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz ${(f.raw / 1024).toFixed(1).padStart(8)} KB raw  ${f.path}`,
    );
  }
  console.log(
    `total ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files (budget ${budgetKb} KB: ${((total / 1024 / budgetKb) * 100).toFixed(0)}% of it)`,
  );
  return { route, totalBytes: total, files };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundle(process.argv[2]);
