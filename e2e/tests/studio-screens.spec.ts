import type { Locator } from '@playwright/test';
import { expect, type Page, test } from '../support/device';
import {
  grantAdmin,
  newAccount,
  openStudio,
  signInToStudio,
  visitInStudio,
} from '../support/studio';
import { seedStudioWork } from '../support/studio-seed';

// Every screen of the creator studio on a phone and on a desktop, each one waited for until the
// page checks (support/page-checks.ts) have scanned it: a creator's works, each section of a
// work with something in it, and an admin's moderation queues. The other studio journeys are
// about what a creator does; this one is about every screen being checked at both widths.

const WIDTHS = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 900 },
] as const;

/** A work's sections by their tab, each with what shows once it has loaded. */
const SECTIONS: [tab: string, loaded: (page: Page) => Locator][] = [
  ['Details', (page) => page.getByRole('heading', { name: 'Cover', level: 2 })],
  ['Characters', (page) => page.getByLabel('Persona (English)')],
  ['Chapters', (page) => page.getByLabel('Chapter title (English)')],
  ['Story', (page) => page.getByRole('region', { name: /^Problems/ }).getByText('No problems')],
  ['Tasks', (page) => page.getByLabel('Task (English)')],
  ['Mini-games', (page) => page.getByLabel('Answer (English)')],
  ['Import & export', (page) => page.getByRole('button', { name: 'Ink sources (.zip)' })],
  ['Analytics', (page) => page.getByRole('heading', { name: /The Lamp/, level: 3 })],
];

for (const size of WIDTHS) {
  test(`the studio's screens are checked on ${size.name} (${size.width} px)`, async ({
    page,
    pageChecks,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const stamp = Date.now().toString(36).slice(-5);
    const [creator, player, admin] = await Promise.all([
      newAccount(page, `Keeper${stamp}`),
      newAccount(page, `Player${stamp}`),
      newAccount(page, `Mod${stamp}`),
    ]);
    grantAdmin(admin.email);
    const title = `Greyhollow ${stamp}`;
    await seedStudioWork(page, { creator, player, reporter: admin }, title);

    await openStudio(page);
    await pageChecks.expectScanned(page);
    await signInToStudio(page, creator);
    await pageChecks.expectScanned(page);
    await page
      .getByRole('list', { name: 'Your works' })
      .getByRole('link', { name: new RegExp(title) })
      .click();
    for (const [tab, loaded] of SECTIONS) {
      await page
        .getByRole('navigation', { name: 'Work sections' })
        .getByRole('link', { name: tab, exact: true })
        .click();
      await expect(loaded(page)).toBeVisible();
      // A chart's numbers as a table, which is text to check as well.
      if (tab === 'Analytics') await page.getByText('Show as a table').first().click();
      await pageChecks.expectScanned(page);
    }

    // Moderation's address, for a creator who is no admin.
    await visitInStudio(page, '/moderation');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await pageChecks.expectScanned(page);
    await page.getByRole('link', { name: 'Back to your works' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInToStudio(page, admin);
    await page.getByRole('link', { name: 'Moderation' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Reported comments' })
        .getByRole('listitem')
        .filter({ hasText: title }),
    ).toBeVisible();
    await pageChecks.expectScanned(page);
    await page.getByRole('link', { name: 'Support reports' }).click();
    await expect(page.getByText(`${title} will not load past the stairs.`)).toBeVisible();
    await pageChecks.expectScanned(page);
  });
}
