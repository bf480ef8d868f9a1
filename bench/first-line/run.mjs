// bench/first-line: how soon a player sees the first line of a story after navigating to a play
// page, measured in Chromium with the Performance API against the built server (issue 5: within
// 1.5 s on a local run).
//
// "Cold" is a first visit: a new browser profile, nothing cached or stored, so the page runs the
// whole start-up (devtools guard, visitor step, anonymous sign-in) before the story's first event.
// "Warm" is a reload of that page: scripts cached, the visitor signed in. The baseline, from the
// same navigations, is the browser's first contentful paint: what loading any page costs here.
import { CALLS } from '@taleforge/contracts';
import { launchChromium } from '../lib/browser.mjs';
import { startBuiltServer } from '../lib/server-process.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const TARGET_MS = 1500;
const MARK = 'taleforge:first-story-line';

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** The first story line and the first paint of the navigation the page is on, in ms from its start. */
async function readTimes(page) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, {
    timeout: 30_000,
  });
  return page.evaluate((mark) => {
    const line = performance.getEntriesByName(mark)[0].startTime;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    return { line, paint };
  }, MARK);
}

function report(label, samples) {
  const lines = samples.map((s) => s.line);
  const paints = samples.map((s) => s.paint);
  const f = (x) => `${Math.round(x)} ms`;
  console.log(
    `${label.padEnd(5)} first line p50 ${f(pct(lines, 50))}, p95 ${f(pct(lines, 95))}, max ${f(Math.max(...lines))}` +
      ` | first paint p50 ${f(pct(paints, 50))} | line / paint ${(pct(lines, 50) / pct(paints, 50)).toFixed(2)}` +
      ` | within ${TARGET_MS} ms: ${lines.filter((x) => x <= TARGET_MS).length}/${lines.length}`,
  );
}

export async function benchFirstLine() {
  const server = await startBuiltServer();
  const browser = await launchChromium();
  const cold = [];
  const warm = [];
  try {
    const home = await (
      await fetch(`${server.origin}/taleforge${CALLS.home.path}?lang=en_US&df_id=v_benchfirstline`)
    ).json();
    const ids = [...new Set(home.data.sections.flatMap((s) => s.games.map((g) => g.id)))];
    // Throwaway visits: a just-started server's first story compiles, caches and unoptimised
    // code are not what a player meets on a server that has been up for a while.
    for (const id of [...ids, ...ids, ...ids]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.origin}/drama/${id}`);
      await readTimes(page);
      await context.close();
    }
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${server.origin}/drama/${ids[run % ids.length]}`);
      cold.push(await readTimes(page));
      await page.reload();
      warm.push(await readTimes(page));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\n── bench/first-line: first story line on /drama/{id}, ${RUNS} visits ──`);
  report('cold', cold);
  report('warm', warm);
  return { cold, warm };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstLine();
