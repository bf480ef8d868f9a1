import { switchLanguage, waitForMount } from '../support/app';
import { expect, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { choose, expectRailClear, readUntilAction } from '../support/story';

// The one journey with motion and transparency on (the others ask for less of both, see
// playwright.config.ts and support/reduced-transparency.ts): lines type out, the mini-games
// reveal, and the header and dialogue box blur what lies behind them, as most players see them.
test.use({ reducedMotion: 'no-preference', transparency: 'no-preference' });

test('a stranger opens a demo game, plays chapter one to its end, and resumes after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  await waitForMount(page);
  await openGameFromHome(page, /The Lantern Ledger/);
  await expect(page).toHaveURL(/\/drama\/\d+$/);

  // How soon that line appears is measured by bench/first-line, not asserted here.
  await expect(page.getByTestId('dialogue')).toContainText('Rain drums');
  // Asked for nothing: the dialogue box and the header blur what lies behind them.
  await expect(page.getByTestId('dialogue')).toHaveCSS('backdrop-filter', /blur/);
  await expect(page.locator('.app-header')).toHaveCSS('backdrop-filter', /blur/);

  const journal = page.getByRole('complementary', { name: 'Journal' });
  await expect(journal.getByText('Find out what Moss saw')).toBeVisible();
  await expect(journal.getByRole('button', { name: /Chapter 2 · Low Tide/ })).toContainText(
    'Locked · 60 gems',
  );

  await expectRailClear(page, 'the first line');
  await readUntilAction(page);
  await expectRailClear(page, 'the first choices');
  await choose(page, /Tell the truth/);
  await choose(page, /Question him like the inspector would/);
  await expect(journal.getByText(/Mysterious key ×1/)).toBeVisible();
  // Moss flung the key: it caught your knuckle.
  const health = journal.getByRole('meter', { name: 'Health', exact: true });
  await expect(health).toHaveAttribute('aria-valuenow', '95');

  // Reload mid-chapter: the story resumes at the office, not at the start.
  await page.reload();
  await readUntilAction(page);
  await expect(
    page.locator('.choices').getByRole('button', { name: /Try the brass key/ }),
  ).toBeVisible();
  await choose(page, /Try the brass key/);
  await expect(journal.locator('.task--done')).toHaveCount(2);

  // The puzzle: the server's own messages for an empty slot, then the right order.
  await readUntilAction(page);
  await expectRailClear(page, 'the puzzle');
  const puzzle = page.getByTestId('puzzle');
  await puzzle.getByRole('button', { name: 'Check order' }).click();
  await expect(page.getByText('Please fill all puzzle slots first')).toBeVisible();
  for (const piece of [
    'at pier three.',
    'the bell strikes two,',
    'Meet me when',
    'under the crane',
  ]) {
    await puzzle.getByRole('button', { name: piece, exact: true }).click();
  }
  await puzzle.getByRole('button', { name: 'Check order' }).click();
  await expect(page.getByText('Incorrect puzzle order, try again!')).toBeVisible();
  await puzzle.getByRole('button', { name: 'Clear' }).click();
  for (const piece of [
    'Meet me when',
    'the bell strikes two,',
    'under the crane',
    'at pier three.',
  ]) {
    await puzzle.getByRole('button', { name: piece, exact: true }).click();
  }
  await puzzle.getByRole('button', { name: 'Check order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You won!' })).toBeVisible();

  // An item from the inventory: the potion heals the knuckle.
  await journal.getByRole('button', { name: 'Use Healing potion' }).click();
  await expect(journal.getByText(/Healing potion ×/)).toHaveCount(0);
  await expect(health).toHaveAttribute('aria-valuenow', '100');

  await readUntilAction(page);
  await page.getByRole('button', { name: 'Continue the story' }).click();
  await readUntilAction(page);
  const end = page.getByTestId('chapter-end');
  await expect(end.getByRole('heading', { name: 'End of The Night Porter' })).toBeVisible();
  await expect(end).toContainText('Find out what Moss saw');
  await expect(end.getByRole('button', { name: /Unlock Low Tide · 60 gems/ })).toBeVisible();
  await expectRailClear(page, 'the chapter end');

  // After a reload the finished chapter is still finished, stars and all.
  const stars = await page.locator('.play__stars [aria-hidden]').textContent();
  await page.reload();
  await readUntilAction(page);
  await expect(page.getByTestId('chapter-end')).toBeVisible();
  await expect(page.locator('.play__stars [aria-hidden]')).toHaveText(stars!);
  await expect(journal.getByRole('button', { name: /Chapter 1 · The Night Porter/ })).toContainText(
    'Completed',
  );

  // Chapter two asks for gems before any of its text is sent.
  await journal.getByRole('button', { name: /Chapter 2 · Low Tide/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock this chapter?' });
  await expect(dialog).toContainText('Chapter 2 · Low Tide');
  await expect(dialog).toContainText('60');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);

  // Home offers the way back in, with how far the story has come (one chapter of three).
  await page.goto('/For_You');
  const shelf = page.getByRole('region', { name: 'Continue playing' });
  await expect(shelf.getByRole('link', { name: /The Lantern Ledger/ })).toBeVisible();
  await expect(shelf.getByRole('progressbar', { name: '33% of the story played' })).toBeVisible();
});

test('the play page works on a phone and in Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/For_You');
  await waitForMount(page);
  await switchLanguage(page, 'zh_CN');
  await openGameFromHome(page, /余烬学院/);
  await expect(page.getByTestId('dialogue')).toContainText('上百支蜡烛');
  await page.getByRole('button', { name: '手册' }).click();
  const journal = page.getByRole('complementary', { name: '手册' });
  await expect(journal.getByRole('button', { name: /第2章/ })).toContainText('未解锁');
  await page.keyboard.press('Escape');
  await readUntilAction(page);
  await page.keyboard.press('1');
  await readUntilAction(page);
  await expect(page.locator('.choices').getByRole('button').first()).toBeVisible();
});
