// Nothing stands over what a player reads or taps (issue 49). The assistant's button: on a wide
// screen it floats bottom right and the pages keep its corner clear; on a phone it is the tab
// bar's last item. Each place it once covered is checked by the boxes a player sees, as is the
// sidebar's tagline, once written over its own art. (The stage's rail: story-game.spec.ts.)

import { waitForMount } from '../support/app';
import { expect, type Page, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { DESKTOP, expectUncovered, PHONE } from '../support/layout';
import { signInAsVisitor } from '../support/visitor';

const assistant = (page: Page) => page.getByRole('button', { name: 'Assistant', exact: true });

test('on a wide screen the tagline is off its art, and the floating button leaves the journal clear', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/For_You');
  await waitForMount(page);
  await expectUncovered(
    page.locator('.side-nav__card p'),
    page.locator('.side-nav__art'),
    'the sidebar’s tagline',
  );
  await openGameFromHome(page, /The Lantern Ledger/);
  const journal = page.getByRole('complementary', { name: 'Journal' });
  const last = journal.getByRole('button', { name: /Chapter 3/ });
  await last.scrollIntoViewIfNeeded();
  await expect(assistant(page)).toBeVisible();
  await expectUncovered(last, assistant(page), 'chapter 3 in the journal');
});

test('on a phone the assistant is a tab and covers no card, stage control or payment row', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/For_You');
  await waitForMount(page);
  const button = assistant(page);
  await expect(button).toBeVisible();
  await expect(
    page.getByRole('navigation').last().getByRole('button', { name: 'Assistant' }),
  ).toBeVisible();

  // Home at rest: every card title in view stays readable.
  const titles = page.locator('.game-card__title');
  await expect(titles.first()).toBeVisible();
  for (let i = 0; i < (await titles.count()); i++) {
    await expectUncovered(titles.nth(i), button, `card title ${i + 1}`, { unseenIsFine: true });
  }

  // The story's stage: the journal button at its top right.
  await openGameFromHome(page, /The Lantern Ledger/);
  const journalButton = page.getByRole('button', { name: 'Journal', exact: true });
  await expect(journalButton).toBeVisible();
  await expectUncovered(journalButton, button, 'the stage’s journal button');

  // The wallet's payment methods, scrolled to where a thumb meets them.
  await signInAsVisitor(page);
  await page.goto('/wallet');
  const methods = page.getByRole('group', { name: 'Payment method' });
  await methods.scrollIntoViewIfNeeded();
  await expectUncovered(methods, button, 'the payment methods');

  // The tab opens the assistant, as the floating button does.
  await button.click();
  await expect(page.getByRole('dialog', { name: /Assistant/ })).toBeVisible();
});
