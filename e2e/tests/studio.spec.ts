import { waitForMount } from '../support/app';
import { expect, test } from '../support/device';
import { STUDIO_ORIGIN } from '../support/env';
import { choose, readUntilAction } from '../support/story';
import { newAccount, openStudio, signInToStudio, writeInk } from '../support/studio';

// The creator studio, as a new creator meets it: a site of its own (another origin), the same
// accounts as the player site, works written and published there, and played on the player site
// in a tab that got its token by the SPEC §4 sync.

const CHAPTER_ONE = (lamp: string) => `# speaker: mara:normal
${lamp}
* [Climb the stairs]
  You climb to the lens room. #speaker:mara:smile
* [Stay below]
  You stay below and listen to the sea.
- Tomas calls from the rocks: the boats are coming home. #speaker:tomas:happy
-> END
`;
const CHAPTER_TWO = `The morning after, the harbour is full of boats.
-> END
`;
const OLD_LINE = 'The lamp at Greyhollow burns low tonight.';
const NEW_LINE = 'The lamp at Greyhollow burns bright and steady tonight.';

test('a visitor is told to log in to create', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  await waitForMount(page);
  await page
    .getByRole('button', { name: /^Create/ })
    .first()
    .click();
  await expect(page.getByText('Login to create').first()).toBeVisible();

  // The studio itself, at its own origin, shows a visitor nothing but the sign-in.
  await page.setViewportSize({ width: 390, height: 844 });
  await openStudio(page);
  await expect(page.getByRole('heading', { name: 'Login to create', level: 1 })).toBeVisible();
  // Nothing of a creator's is there before signing in.
  await expect(page.getByRole('heading', { name: 'Your works' })).toHaveCount(0);
});

test('a new creator writes, previews and publishes a work, and players get its updates', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  const creator = await newAccount(page, 'Lamplighter');

  await openStudio(page);
  await signInToStudio(page, creator);
  await page.getByLabel('Title', { exact: true }).fill('The Greyhollow Light');
  await page.getByLabel('Script type').selectOption('SUSPENSE');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'The Greyhollow Light', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();

  // Two characters, then two chapters, each saved with the work's revision.
  await page.getByRole('link', { name: 'Characters', exact: true }).click();
  for (const [key, name] of [
    ['mara', 'Mara'],
    ['tomas', 'Tomas'],
  ] as const) {
    await page.getByRole('button', { name: 'Add a character' }).click();
    const form = page.locator('details.character').last();
    await form.getByLabel('Key', { exact: true }).fill(key);
    await form.getByLabel('Name (English)').fill(name);
    await form.getByLabel('Persona (English)').fill(`${name} keeps the Greyhollow light.`);
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('You have unsaved changes')).toHaveCount(0);

  await page.getByRole('link', { name: 'Chapters', exact: true }).click();
  await page.getByRole('button', { name: 'Add a chapter' }).click();
  await page.getByRole('button', { name: 'Add a chapter' }).click();
  const chapters = page.locator('li.chapter');
  await chapters.nth(0).getByLabel('Chapter title (English)').fill('The Lamp');
  await chapters.nth(1).getByLabel('Chapter title (English)').fill('Morning');
  // The first chapter is free by default; the second is not.
  await expect(chapters.nth(0).getByLabel('Price (gems)')).toHaveValue('0');
  await expect(chapters.nth(1).getByLabel('Price (gems)')).not.toHaveValue('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('You have unsaved changes')).toHaveCount(0);

  await page.getByRole('link', { name: 'Story', exact: true }).click();
  // A speaker the work does not have compiles, and publishing would refuse it: the Problems
  // panel says so once the text is saved, as publishing would.
  await writeInk(page, 'chapter1.ink', `${OLD_LINE} #speaker:nobody\n-> END\n`);
  const problems = page.getByRole('region', { name: /^Problems/ });
  await expect(
    problems.getByRole('button', { name: /chapter1\.ink, line 1.*unknown character "nobody"/ }),
  ).toBeVisible();
  await writeInk(page, 'chapter1.ink', CHAPTER_ONE(OLD_LINE));
  await expect(problems.getByText('No problems')).toBeVisible();
  await writeInk(page, 'chapter2.ink', CHAPTER_TWO);

  // The preview plays the draft through the server's runtime.
  const preview = page.locator('.ink-preview');
  await preview.getByRole('button', { name: 'Play from the start' }).click();
  await expect(preview).toContainText(OLD_LINE);
  await preview.getByRole('button', { name: 'Climb the stairs' }).click();
  await expect(preview).toContainText('You climb to the lens room.');
  await expect(preview).toContainText('the boats are coming home');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await expect(page.locator('.publish-state').getByText('Published')).toBeVisible();

  // "View on Taleforge": the player site, another origin, asks this tab for the token.
  const [playerTab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'View on Taleforge' }).click(),
  ]);
  await playerTab.waitForLoadState();
  expect(new URL(playerTab.url()).origin).not.toBe(STUDIO_ORIGIN);
  expect(new URL(playerTab.url()).searchParams.has('from')).toBe(true);
  await expect
    .poll(() => playerTab.evaluate(() => localStorage.getItem('access_token')))
    .toBeTruthy();
  await expect(playerTab.getByTestId('dialogue')).toContainText(OLD_LINE);
  const gameUrl = new URL(playerTab.url());
  gameUrl.search = '';

  // A second player starts chapter 1 and stops part-way.
  const other = await browser.newContext();
  const player = await other.newPage();
  await player.setViewportSize({ width: 390, height: 844 });
  await player.goto(gameUrl.pathname);
  await expect(player.getByTestId('dialogue')).toContainText(OLD_LINE);
  await readUntilAction(player);

  // The creator rewrites the first line and republishes.
  await writeInk(page, 'chapter1.ink', CHAPTER_ONE(NEW_LINE));
  await expect(page.locator('.publish-state').getByText('Unpublished changes')).toBeVisible();
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.locator('.publish-state').getByText('Unpublished changes')).toHaveCount(0);

  // The second player finishes on the text they started, is told, and restarts to get the new.
  await choose(player, /Climb the stairs/);
  await readUntilAction(player);
  await expect(player.getByTestId('chapter-end')).toBeVisible();
  await player.reload();
  await expect(
    player.getByText('The creator updated this chapter. Restart it to read the new version.'),
  ).toBeVisible();
  await player.getByRole('button', { name: 'Restart chapter' }).click();
  await expect(player.getByTestId('dialogue')).toContainText(NEW_LINE);
  await other.close();

  // Signing out of the studio signs the player tab out of the creator's account too (LOGOUT).
  const creatorToken = await playerTab.evaluate(() => localStorage.getItem('access_token'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Login to create' })).toBeVisible();
  await expect
    .poll(() => playerTab.evaluate(() => localStorage.getItem('access_token')))
    .not.toBe(creatorToken);
  await expect(playerTab.getByRole('banner')).not.toContainText('Lamplighter');
});
