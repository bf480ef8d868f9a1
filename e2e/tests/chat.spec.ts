import { expect, type Page, test } from '../support/device';
import { PICTURE } from '../support/layout';
import { expectRailClear } from '../support/story';
import { signInAsVisitor } from '../support/visitor';

// A conversation with a demo character on the offline engine: its replies are the character's
// authored lines, so they cost nothing — a new visitor with no gems talks all the way to the goal.

async function readUntil(page: Page, selector: string) {
  for (let i = 0; i < 80; i++) {
    if (await page.locator(selector).first().isVisible()) return;
    await page.getByTestId('dialogue').click();
  }
  throw new Error(`never reached ${selector}`);
}

async function playToConversation(page: Page) {
  await readUntil(page, '.choices');
  await page
    .locator('.choices')
    .getByRole('button', { name: /Ask ARI to play the signal/ })
    .click();
  await readUntil(page, '.choices');
  await page
    .locator('.choices')
    .getByRole('button', { name: /Just take the dice/ })
    .click();
  // Dice rounds until one side has two wins, then the lines up to ARI's question.
  const roll = page.getByRole('button', { name: 'Roll the dice' });
  for (let i = 0; i < 80 && !(await page.locator('.conversation').isVisible()); i++) {
    if (await roll.isVisible()) await roll.click();
    else await page.getByTestId('dialogue').click();
  }
  await expect(page.locator('.conversation')).toBeVisible();
}

test('talks with ARI for free, reloads mid-reply, reaches the goal and the story goes on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsVisitor(page, 'Engineer');

  await page.goto('/For_You');
  await page
    .getByRole('link', { name: /Signal from Kepler Dock/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/drama\/\d+$/);
  await playToConversation(page);
  await expect(page.locator('.conversation')).toContainText('Find out where ARI learned the song');
  await expectRailClear(page, 'the conversation card');
  await page
    .getByRole('region', { name: 'ARI wants to talk' })
    .getByRole('button', { name: 'Talk to ARI' })
    .click();

  const chat = page.getByRole('dialog', { name: 'ARI' });
  await expect(chat.getByText('I have been counting the stars for you')).toBeVisible();
  await expect(chat.getByText(/Engine: authored character lines/)).toBeVisible();
  await expect(chat.getByRole('progressbar', { name: 'Goal progress 0%' })).toBeVisible();
  const portrait = chat.locator('.chat__portrait');
  await expect(portrait).toHaveAttribute('data-expression', 'smile');

  // A free message goes at once: the confirmation is for one that costs gems (SPEC §2).
  await chat.getByLabel('Message to ARI').fill('Tell me about the lullaby.');
  await chat.getByRole('button', { name: 'Send · free' }).click();

  const live = chat.getByTestId('live-reply');
  await expect(live).toContainText('The song.');
  await expect(chat.getByText('I know every note, and I do not know why.')).toBeVisible();
  await expect(portrait).toHaveAttribute('data-expression', 'dizzy');
  await expect(chat.getByText('Free', { exact: true })).toHaveCount(1);
  await expect(chat.getByRole('button', { name: 'New reply · free' })).toBeVisible();
  await expect(chat.getByText('Balance: 0 gems')).toBeVisible();
  await expect(chat.getByRole('progressbar', { name: 'Goal progress 50%' })).toBeVisible();
  await page.screenshot({ path: 'test-results/chat-1280.jpg', ...PICTURE });

  // A message past its 500 characters is kept whole; the counter says so and Send waits.
  const box = chat.getByLabel('Message to ARI');
  const rambling = 'Tell me everything about the stars. '.repeat(14).trim();
  await box.fill(rambling);
  await expect(box).toHaveValue(rambling);
  await expect(
    chat.getByText(`${rambling.length}/500 · ${rambling.length - 500} characters too many`),
  ).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Send · free' })).toBeDisabled();
  await box.fill('');

  // Second message; reload while the reply is still streaming.
  await chat.getByLabel('Message to ARI').fill('Do you dream?');
  await chat.getByLabel('Message to ARI').press('Enter');
  await expect(live).toContainText('I am not');
  await expect(live).not.toContainText('lamp in it.');
  await page.reload();
  await readUntil(page, '.conversation');
  await page
    .getByRole('region', { name: 'ARI wants to talk' })
    .getByRole('button', { name: 'Talk to ARI' })
    .click();
  // Nothing was lost: the reply finished on the server and the history shows all of it.
  await expect(
    chat.getByText(
      'I am not supposed to dream. Last night I dreamed of a window with a lamp in it.',
    ),
  ).toBeVisible();
  await expect(chat.getByText('Balance: 0 gems')).toBeVisible();
  await expect(chat.getByText('Free', { exact: true })).toHaveCount(2);

  // Phone layout, keyboard-safe input.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chat.getByLabel('Message to ARI')).toBeInViewport();
  await page.screenshot({ path: 'test-results/chat-390.jpg', ...PICTURE });

  // Memory: the player pins a fact and sees the context it takes.
  await chat.getByRole('button', { name: 'Memory', exact: true }).click();
  await expect(chat.getByText(/Context used: \d+ of \d+ characters/)).toBeVisible();
  await chat.getByLabel('A fact to remember').fill('My name is Sam.');
  await chat.getByRole('button', { name: 'Pin', exact: true }).click();
  await chat.getByRole('button', { name: 'Save memory' }).click();
  await expect(page.getByText('Memory saved')).toBeVisible();
  await page.screenshot({ path: 'test-results/chat-memory-390.jpg', ...PICTURE });
  await chat.getByRole('button', { name: 'Memory', exact: true }).click();

  // Reaching the goal moves the story on.
  await chat.getByLabel('Message to ARI').fill('Where did you learn it?');
  await chat.getByRole('button', { name: 'Send · free' }).click();
  await expect(chat.getByText(/From the ship,.*ARI says/)).toBeVisible();
  await expect(portrait).toHaveAttribute('data-expression', 'love');
  await expect(chat.getByText('Goal reached — the story goes on.')).toBeVisible();
  await chat.getByRole('button', { name: 'Back to the story' }).click();
  await expect(chat).toBeHidden();
  await expect(page.getByTestId('dialogue')).toContainText('The song came from the ship');
  await expect(page.locator('.conversation')).toBeHidden();
});
