import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import { newEmail } from '../support/accounts';
import { api } from '../support/api';
import { followNavLink, STORAGE_KEYS, waitForMount, waitForVisitorId } from '../support/app';
import { test as base, expect, type Page } from '../support/device';
import { mailboxCode, type NewcomerServer, startNewcomerServer } from '../support/newcomer-server';
import { publishWorkByApi, signInToStudio } from '../support/studio';

// A newcomer's first run (issue 40): the built server on a clean data directory, on ports that
// are not the defaults, with no PUBLIC_URL and only the ffmpeg npm ships (support/newcomer-server.ts).
// Everything the README's quick start promises must work there: the demo series become playable,
// the studio signs in both ways, a top-up goes to its checkout and back, and a shared link names
// the port the server runs on. Any address still naming 8080 or 8081 (the defaults) sends the
// browser off to a server that is not there: every journey here fails on a request to any origin
// but the two the server runs on.

/** The demo series' English titles, from the content the server seeds (content/drama/*.json). */
const DEMO_SERIES = readdirSync(fileURLToPath(new URL('../../content/drama', import.meta.url)))
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map(
    (file) =>
      (
        JSON.parse(
          readFileSync(
            fileURLToPath(new URL(`../../content/drama/${file}`, import.meta.url)),
            'utf8',
          ),
        ) as { title: { en_US: string } }
      ).title.en_US,
  );

const NICKNAME = 'Newcomer';
const PASSWORD = 'first-light';

const test = base.extend<{ requestsStayHome: undefined }, { newcomer: NewcomerServer }>({
  // The worker's own server, started before the first journey and stopped with the worker. Not
  // in a beforeAll: Playwright resolves the baseURL once before a file's beforeAll hooks run, so
  // the baseURL could not name a server one of them starts.
  newcomer: [
    async ({ browserName: _ }, use) => {
      const server = await startNewcomerServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // A cold start migrates a new embedded database and seeds the demo works.
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ newcomer }, use) => use(newcomer.origin),
  // Every request any page of a journey makes goes to the player site or the studio: one to
  // another origin (a default port above all) is an address the server or an app built from a
  // default instead of from where it runs.
  requestsStayHome: [
    async ({ context, newcomer }, use) => {
      const home = new Set([newcomer.origin, newcomer.studioOrigin]);
      const elsewhere: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && !home.has(url.origin)) {
          elsewhere.push(`${request.method()} ${request.url()}`);
        }
      });
      await use(undefined);
      expect(elsewhere, `requests beside ${[...home].join(' and ')}`).toEqual([]);
    },
    { auto: true },
  ],
});

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The runtime configuration the server wrote into a site's HTML. */
function configIn(html: string): Record<string, unknown> {
  const json = /<script id="taleforge-config" type="application\/json">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  expect(json, 'the page carries its runtime configuration').toBeTruthy();
  return JSON.parse(json!) as Record<string, unknown>;
}

/** Submits the login dialog, whose email sign-ins reload the page 1 s after success (SPEC §4). */
async function submitAndReload(page: Page) {
  const reloaded = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await reloaded;
  await expect(banner(page).getByRole('link', { name: /Open my profile/ })).toContainText(NICKNAME);
}

test.describe('a newcomer’s first run', () => {
  // One server and one account for all: the journeys run in order, and stop at the first failure.
  test.describe.configure({ mode: 'serial' });
  /** The account the newcomer registers on the player site; the later journeys sign in with it. */
  const account = { email: newEmail('newcomer'), password: PASSWORD };

  test('every address the server hands out names the ports it runs on', async ({
    request,
    newcomer,
  }) => {
    // What the terminal tells the newcomer (development, as `npm start` runs it).
    await expect.poll(() => newcomer.output()).toContain(`Player site   ${newcomer.origin}\n`);
    expect(newcomer.output()).toContain(`Studio        ${newcomer.studioOrigin} `);
    expect(newcomer.output()).toContain(`Dev mailbox   ${newcomer.origin}/dev/mailbox`);

    // The player site's configuration: share links, checkouts and "Create" are built from it.
    const player = await (await request.get('/For_You')).text();
    expect(configIn(player)).toMatchObject({
      publicUrl: newcomer.origin,
      studioOrigin: newcomer.studioOrigin,
      studioUrl: expect.stringMatching(`^${escapeRegExp(newcomer.studioOrigin)}/?$`),
    });
    // The studio's: its calls and its token sync go to the player site.
    const studio = await (await request.get(`${newcomer.studioOrigin}/`)).text();
    expect(configIn(studio)).toMatchObject({
      apiBase: `${newcomer.origin}/taleforge`,
      playerUrl: newcomer.origin,
    });
    for (const html of [player, studio]) expect(html).not.toMatch(/localhost:808[01]\b/);
  });

  test('Share copies the series’ link on the server’s own port, and the link previews it', async ({
    page,
    context,
    newcomer,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: newcomer.origin,
    });
    await page.goto('/For_You');
    await waitForMount(page);
    await followNavLink(page, 'Drama', '/drama');
    const title = DEMO_SERIES[0]!;
    await page
      .getByRole('region', { name: 'Drama series' })
      .getByRole('link', { name: new RegExp(escapeRegExp(title)) })
      .click();
    await expect(page).toHaveURL(/\/drama\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const link = `${newcomer.origin}${new URL(page.url()).pathname}`;

    await page.getByRole('button', { name: 'Share this story' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // What a chat app unfurls from that link names the same address.
    const html = await (await page.request.get(link)).text();
    expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1]).toBe(link);
  });

  test('registers on the player site, and "Create" opens the studio signed in by token sync', async ({
    page,
    context,
    newcomer,
  }) => {
    test.setTimeout(90_000);
    // The invite customer service makes with the CLI while the server runs (README).
    const invite = await newcomer.createInvite();
    await page.goto('/For_You');
    await waitForMount(page);

    await banner(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Sign in to Taleforge' })).toBeVisible();
    await dialog(page).getByLabel('Email').fill(account.email);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();
    // No SMTP_URL: the code waits on the dev mailbox the terminal pointed at.
    await dialog(page)
      .getByLabel('Verification code')
      .fill(await mailboxCode(newcomer.origin, account.email));
    await dialog(page).getByRole('button', { name: 'Next step' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await dialog(page).getByLabel('Password', { exact: true }).fill(account.password);
    await dialog(page).getByLabel('Confirm password').fill(account.password);
    await dialog(page).getByLabel('Nickname').fill(NICKNAME);
    await dialog(page).getByLabel('Invite code').fill(invite);
    await submitAndReload(page);

    // "Create" opens the studio on its own port; the studio asks this tab for the session.
    const [studio] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .first()
        .getByRole('button', { name: /^Create/ })
        .click(),
    ]);
    await expect(studio).toHaveURL(
      (url) => url.origin === newcomer.studioOrigin && url.searchParams.get('from') === 'player',
    );
    await expect(studio.getByRole('heading', { name: 'Your works', level: 1 })).toBeVisible();
    await expect(banner(studio)).toContainText(NICKNAME);
    await expect(banner(studio).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('the studio signs in by password on its own port', async ({ page, newcomer }) => {
    await page.goto(`${newcomer.studioOrigin}/`);
    await expect(page.getByRole('heading', { name: 'Login to create', level: 1 })).toBeVisible();
    await signInToStudio(page, account);
    await expect(banner(page)).toContainText(NICKNAME);
  });

  test('a work the newcomer publishes and plays once is not every visitor’s featured tale', async ({
    page,
    browser,
    newcomer,
  }) => {
    // On a fresh install nothing has been played: one play used to make a new work the most
    // played, so every visitor's hero (issue 49). The rule counts distinct players over a week,
    // three at least, and the creator's own play not at all (decision 49).
    const dfId = `newcomer-${Date.now()}`;
    const login = await api(page.request, CALLS.login, {
      dfId,
      body: { oauth_enum: 'EMAIL', scene_type: 1, email: account.email, pwd: account.password },
    });
    expect(login.status, login.desc).toBe(200);
    const title = 'Night Shift Notes';
    const gameId = await publishWorkByApi(
      page,
      { token: login.data!.access_token, dfId },
      title,
      'The kettle clicks off in the empty ward.',
    );
    await page.goto('/For_You');
    await page.evaluate(([keys, token]) => localStorage.setItem(keys.accessToken, token), [
      STORAGE_KEYS,
      login.data!.access_token,
    ] as const);
    await page.goto(`/drama/${gameId}`);
    await expect(page.getByTestId('dialogue')).toContainText('The kettle clicks off');

    // Past the home's cache (CATALOGUE_CACHE_MS, 5 s unset), a new visitor's first screen.
    await page.waitForTimeout(5_500);
    const visitor = await browser.newPage({ baseURL: newcomer.origin });
    await visitor.goto('/For_You');
    const hero = visitor.locator('section.hero').getByRole('heading', { level: 2 });
    await expect(hero).toBeVisible();
    await expect(hero).not.toHaveText(title);
    await visitor.close();
  });

  test('a sandbox top-up goes to its checkout on the server’s port and back to the result', async ({
    page,
    newcomer,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/For_You');
    await waitForMount(page);
    await banner(page).getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByLabel('Email').fill(account.email);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await dialog(page).getByLabel('Password').fill(account.password);
    await submitAndReload(page);
    await expect(page.getByTestId('header-balance')).toHaveText('0');

    await page.goto('/wallet');
    await page.getByRole('radio', { name: /300/ }).check();
    await page.getByRole('radio', { name: 'Alipay' }).check();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(newcomer.origin);

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const result = new URL(page.url());
    expect(result.origin).toBe(newcomer.origin);
    expect(result.pathname).toBe('/payment/callback');
    await expect(page.getByTestId('gems-received')).toHaveText('320');
    await expect(page.getByTestId('header-balance')).toHaveText('320');
  });

  test('episode 1 of each demo series becomes playable and plays (rendered by npm’s ffmpeg)', async ({
    page,
  }) => {
    // The videos are rendered and transcoded in the background since the server started: a few
    // minutes on two idle cores, longer beside the rest of `npm test`.
    const renderBudgetMs = 600_000;
    test.setTimeout(renderBudgetMs + 180_000);
    await page.goto('/For_You');
    await waitForMount(page);
    const dfId = await waitForVisitorId(page);
    await followNavLink(page, 'Drama', '/drama');
    const shelf = page.getByRole('region', { name: 'Drama series' });
    expect(DEMO_SERIES.length).toBeGreaterThanOrEqual(2);

    const deadline = Date.now() + renderBudgetMs;
    for (const title of DEMO_SERIES) {
      const card = shelf.getByRole('link', { name: new RegExp(escapeRegExp(title)) });
      const gameId = Number(/^\/drama\/(\d+)$/.exec((await card.getAttribute('href')) ?? '')?.[1]);
      expect(gameId, `${title} is on the Drama tab`).toBeGreaterThan(0);

      // The series page, opened while its videos may still be made, turns playable by itself.
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const waitStarted = Date.now();
      await expect
        .poll(
          async () => {
            const series = await api(page.request, CALLS.series, {
              dfId,
              query: { game_id: gameId },
            });
            const first = series.data?.episodes[0];
            // A server that could not make a video says why (what its ffmpeg lacks): no
            // point waiting out the budget then. Read loosely: not every server says it.
            const failed = (first as { video_error?: unknown } | undefined)?.video_error;
            if (typeof failed === 'string' && failed) {
              throw new Error(`episode 1 of ${title} could not be made: ${failed}`);
            }
            return first?.ready ?? false;
          },
          {
            message: `episode 1 of ${title} is ready`,
            timeout: Math.max(deadline - Date.now(), 1_000),
            intervals: [2_000],
          },
        )
        .toBe(true);
      test.info().annotations.push({
        type: 'render wait',
        description: `${title}: ${((Date.now() - waitStarted) / 1000).toFixed(1)} s`,
      });

      // No reload: the page asks again every few seconds while an episode is being made.
      await page.getByRole('button', { name: 'Play episode 1' }).click({ timeout: 15_000 });
      const player = page.getByRole('dialog').filter({ has: page.locator('video') });
      await expect(player.locator('.player__caption')).toHaveText(/^Episode 1 of \d+/);
      // It plays: the video's clock moves on by itself.
      const video = player.locator('video');
      const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
      const from = await time();
      await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(from + 0.5);
      await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(page.locator('video')).toHaveCount(0);
      await followNavLink(page, 'Drama', '/drama');
    }
  });
});
