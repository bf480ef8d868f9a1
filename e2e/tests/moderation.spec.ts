import type { Page } from '@playwright/test';
import { CALLS } from '@taleforge/contracts';
import { api } from '../support/api';
import { gameTitle, translator } from '../support/catalogue';
import { expect, test } from '../support/device';
import { openGameFromHome } from '../support/home';
import { PICTURE } from '../support/layout';
import {
  grantAdmin,
  newAccount,
  openStudio,
  signInToStudio,
  visitInStudio,
} from '../support/studio';

// A moderator's day (decision 46): players report a comment on a work, an admin opens
// Moderation on the creator studio and removes it, and the player site no longer shows it;
// another report is dismissed in Chinese on a phone, and the comment stays. A creator who is no
// admin sees neither the link nor the queue.

/** The work's comments panel, from its rail button ("Comments · 12"), in English. */
async function openComments(page: Page) {
  const label = translator('en_US')('social.comments.open', { short: '' });
  await page
    .getByTestId('work-social')
    .getByRole('button', {
      name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d`),
    })
    .click();
}

type Account = Awaited<ReturnType<typeof newAccount>>;

async function reportedComment(page: Page, gameId: number, author: Account, body: string) {
  const posted = await api(page.request, CALLS.commentPost, {
    dfId: author.dfId,
    token: author.token,
    body: { game_id: gameId, body },
  });
  expect(posted.status, posted.desc).toBe(200);
  for (const reason of ['abuse', 'spam'] as const) {
    const reporter = await newAccount(page, `Reporter${Math.random().toString(36).slice(2, 6)}`);
    const reported = await api(page.request, CALLS.commentReport, {
      dfId: reporter.dfId,
      token: reporter.token,
      body: { comment_id: posted.data!.id, reason },
    });
    expect(reported.status, reported.desc).toBe(200);
  }
  return posted.data!.id;
}

test('an admin removes a reported comment and the player site no longer shows it', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-5);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  await openGameFromHome(page, new RegExp(gameTitle('ember-academy', 'en_US')));
  await expect(page).toHaveURL(/\/drama\/\d+/);
  const workPath = new URL(page.url()).pathname;
  const gameId = Number(/\/drama\/(\d+)/.exec(workPath)?.[1]);
  expect(gameId).toBeGreaterThan(0);
  const author = await newAccount(page, `Loud${stamp}`);
  const removed = `Everyone who plays this is an idiot ${stamp}`;
  const dismissed = `The ending felt rushed to me ${stamp}`;
  await reportedComment(page, gameId, author, removed);
  await reportedComment(page, gameId, author, dismissed);

  // A creator who is no admin: no Moderation link, and its address says not allowed. (The
  // studio is opened once per sign-in: a reload asks the player site for its token, SPEC §4.)
  const creator = await newAccount(page, `Maker${stamp}`);
  await openStudio(page);
  await signInToStudio(page, creator);
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await visitInStudio(page, '/moderation');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await visitInStudio(page, '/');

  const admin = await newAccount(page, `Mod${stamp}`);
  grantAdmin(admin.email);
  await signInToStudio(page, admin);
  await page.getByRole('link', { name: 'Moderation' }).click();
  const queue = page.getByRole('list', { name: 'Reported comments' });
  const item = queue.getByRole('listitem').filter({ hasText: removed });
  await expect(item).toBeVisible();
  await expect(item.getByText('2 reports')).toBeVisible();
  await expect(item.getByText(`Loud${stamp}`)).toBeVisible();
  await expect(
    item.getByRole('link', { name: gameTitle('ember-academy', 'en_US') }),
  ).toHaveAttribute('href', new RegExp(`/drama/${gameId}$`));
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('moderation-queue-en-1280.jpg'), ...PICTURE });
  await item.getByRole('button', { name: 'Remove comment' }).click();
  await expect(page.getByText('Comment removed. Its author is not told.')).toBeVisible();
  await expect(queue.getByText(removed)).toHaveCount(0);

  // The same admin on a phone, in Chinese, dismisses the other report: the comment stays.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh_CN');
  await expect(page.getByRole('heading', { name: '内容审核', level: 1 })).toBeVisible();
  const other = page
    .getByRole('list', { name: '被举报的评论' })
    .getByRole('listitem')
    .filter({ hasText: dismissed });
  await expect(other).toBeVisible();
  await page.screenshot({
    path: info.outputPath('moderation-queue-zh-390.jpg'),
    fullPage: true,
    ...PICTURE,
  });
  await other.getByRole('button', { name: '驳回' }).click();
  await expect(page.getByText('举报已驳回，评论保留。')).toBeVisible();
  await page.screenshot({ path: info.outputPath('moderation-dismissed-zh-390.jpg'), ...PICTURE });

  // The player site: the removed comment is gone, the dismissed one stays.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(workPath);
  await openComments(page);
  const panel = page.getByTestId('comments-panel');
  await expect(panel.getByText(dismissed)).toBeVisible();
  await expect(panel.getByText(removed)).toHaveCount(0);
});
