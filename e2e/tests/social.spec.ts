import type { Browser, BrowserContext } from '@playwright/test';
import type { Locale } from '@taleforge/contracts';
import { STORAGE_KEYS, waitForMount } from '../support/app';
import { gameTitle, translator } from '../support/catalogue';
import { expect, type Page, test } from '../support/device';
import { E2E_PORT } from '../support/env';
import { openGameFromHome } from '../support/home';
import { PICTURE } from '../support/layout';
import { registerInBrowser } from '../support/profiles';

// The social layer as two players and a visitor use it on one work: like it, comment, reply,
// get told about the reply, follow the other from their profile (counts move), block them (then
// their reply is refused with the server's words), delete a comment; a visitor reads the comments
// and is sent to sign in when liking. In English at 1280 px and in Japanese at 390 px.

// Each case on a work of its own: the two run side by side and count likes and comments.
const CASES = [
  {
    label: 'English at 1280 px',
    locale: 'en_US',
    width: 1280,
    height: 900,
    slug: 'lantern-ledger',
  },
  { label: 'Japanese at 390 px', locale: 'ja_JP', width: 390, height: 844, slug: 'kepler-dock' },
] as const;

/** Another player's browser: its own storage, the same site, the same language and size. */
async function otherBrowser(browser: Browser, c: (typeof CASES)[number]) {
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: c.width, height: c.height },
  });
  await setLanguage(context, c.locale);
  return context;
}

async function setLanguage(target: BrowserContext | Page, locale: Locale) {
  await target.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.language, locale] as const,
  );
}

/** A rail button by the start of its name ("Like · ", "Comments · "), whatever the count. */
const railButton = (page: Page, label: string) =>
  page.getByTestId('work-social').getByRole('button', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d`),
  });

for (const c of CASES) {
  test(`like, comment, reply, notify, follow, block, delete — ${c.label}`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const t = translator(c.locale);
    const shot = (name: string) =>
      page.screenshot({
        path: info.outputPath(`social-${name}-${c.locale}-${c.width}.jpg`),
        ...PICTURE,
      });
    await page.setViewportSize({ width: c.width, height: c.height });
    await setLanguage(page, c.locale);
    const stamp = Date.now().toString(36).slice(-4);
    const ash = `Ash${stamp}`;
    const bea = `Bea${stamp}`;

    // Ash opens a work and likes it: the heart fills and the count moves at once.
    await registerInBrowser(page, ash);
    await page.goto('/For_You');
    await openGameFromHome(page, new RegExp(gameTitle(c.slug, c.locale)));
    await expect(page).toHaveURL(/\/drama\/\d+$/);
    const workPath = new URL(page.url()).pathname;
    // Counted from what the work had (a retried journey finds its first attempt's likes).
    const likeLabel = t('social.like.label', { short: '' });
    const commentsLabel = t('social.comments.open', { short: '' });
    const like = railButton(page, likeLabel);
    const comments = railButton(page, commentsLabel);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const likes = Number(await like.textContent());
    const count = Number(await comments.textContent());
    await like.click();
    const liked = railButton(page, likeLabel);
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await expect(liked).toHaveText(String(likes + 1));
    await shot('liked');
    // The like is the server's: it is still there after a reload.
    await page.reload();
    await expect(liked).toHaveAttribute('aria-pressed', 'true');

    // Ash comments: the panel opens with its focus inside, the comment leads the list.
    await comments.click();
    const panel = page.getByTestId('comments-panel');
    const box = panel.getByRole('textbox', { name: t('social.comments.label') });
    const first = `The harbour fog in chapter one ${stamp}`;
    await box.fill(first);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByTestId('comment').first()).toContainText(first);
    await expect(box).toHaveValue('');
    await expect(comments).toHaveText(String(count + 1));
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // Bea, in her own browser, reads it and replies.
    const beaContext = await otherBrowser(browser, c);
    const beaPage = await beaContext.newPage();
    const { taleforgeId: beaId } = await registerInBrowser(beaPage, bea);
    await beaPage.goto(workPath);
    await railButton(beaPage, commentsLabel).click();
    const beaPanel = beaPage.getByTestId('comments-panel');
    await expect(beaPanel.getByText(first)).toBeVisible();
    await beaPanel
      .getByRole('button', { name: t('social.comments.replyNamed', { name: ash }) })
      .click();
    await expect(beaPanel.getByText(t('social.comments.replyingTo', { name: ash }))).toBeVisible();
    await beaPanel
      .getByRole('textbox', { name: t('social.comments.replyLabel') })
      .fill('Same — the lanterns too!');
    await beaPanel
      .getByRole('button', { name: t('social.comments.sendReply'), exact: true })
      .click();
    const replies = beaPanel.getByRole('button', {
      name: t('social.comments.replies_one', { short: 1 }),
    });
    await expect(replies).toBeVisible();
    await replies.click();
    await expect(beaPanel.getByText('Same — the lanterns too!')).toBeVisible();
    await beaPage.screenshot({
      path: info.outputPath(`social-comments-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });

    // Ash's bell counts the reply; opening it lists it and marks it read.
    await page.reload();
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveText('1');
    await bell.click();
    const notifications = page.getByTestId('notifications');
    await expect(notifications.getByTestId('notification').first()).toContainText(
      t('social.notifications.kinds.reply'),
    );
    await expect(notifications.getByText('Same — the lanterns too!')).toBeVisible();
    await shot('notifications');
    await expect(bell).toHaveText('');
    await page.keyboard.press('Escape');

    // Ash follows Bea from her profile: the button turns and her follower count moves.
    await page.goto(`/profile/${beaId}`);
    await expect(page.getByRole('heading', { level: 1, name: bea })).toBeVisible();
    await expect(page.locator('.profile-stats dd').first()).toHaveText('0');
    await page.getByRole('button', { name: t('social.follow'), exact: true }).click();
    await expect(
      page.getByRole('button', { name: t('social.following'), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.profile-stats dd').first()).toHaveText('1');
    await page.reload();
    await expect(page.locator('.profile-stats dd').first()).toHaveText('1');
    await page.locator('.profile-stats dd').first().getByRole('button').click();
    const list = page.getByTestId('follow-list');
    await expect(list.getByRole('link', { name: ash })).toBeVisible();
    await shot('followers');
    await page.keyboard.press('Escape');
    await shot('profile-following');

    // Bea's bell counts the new follower too.
    await beaPage.reload();
    await expect(beaPage.getByTestId('notification-bell')).toHaveText('1');

    // Ash blocks Bea: asked first, then Unblock is offered in place of Follow.
    await page.getByRole('button', { name: t('social.more', { name: bea }) }).click();
    await page.getByRole('menuitem', { name: t('social.block.action') }).click();
    const confirm = page.getByRole('dialog', { name: t('social.block.title', { name: bea }) });
    await expect(confirm).toBeVisible();
    await shot('block-confirm');
    await confirm.getByRole('button', { name: t('social.block.confirm') }).click();
    await expect(
      page.getByRole('button', { name: t('social.block.unblock'), exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: t('social.following'), exact: true }),
    ).toHaveCount(0);

    // Blocked, Bea's next reply to Ash is refused in the server's words, and her text stays.
    await beaPage.goto(workPath);
    await expect(railButton(beaPage, commentsLabel)).toHaveText(String(count + 2));
    await railButton(beaPage, commentsLabel).click();
    await beaPanel
      .getByRole('button', { name: t('social.comments.replyNamed', { name: ash }) })
      .click();
    const beaReply = beaPanel.getByRole('textbox', { name: t('social.comments.replyLabel') });
    await beaReply.fill('Are you still there?');
    await beaPanel
      .getByRole('button', { name: t('social.comments.sendReply'), exact: true })
      .click();
    await expect(beaPanel.getByRole('alert')).toBeVisible();
    const refusal = await beaPanel.getByRole('alert').textContent();
    expect(refusal).not.toBe(t('social.comments.postFailed'));
    expect(refusal?.length).toBeGreaterThan(0);
    await expect(beaReply).toHaveValue('Are you still there?');
    await beaPage.screenshot({
      path: info.outputPath(`social-blocked-reply-${c.locale}-${c.width}.jpg`),
      ...PICTURE,
    });

    // A visitor reads the comments, and is sent to sign in when liking.
    const visitorContext = await otherBrowser(browser, c);
    const visitor = await visitorContext.newPage();
    await visitor.goto(workPath);
    await waitForMount(visitor);
    await railButton(visitor, commentsLabel).click();
    await expect(visitor.getByTestId('comments-panel').getByText(first)).toBeVisible();
    await expect(
      visitor.getByTestId('comments-panel').getByText(t('social.comments.signInToComment')),
    ).toBeVisible();
    await visitor.keyboard.press('Escape');
    const visitorLike = railButton(visitor, likeLabel);
    await expect(visitorLike).toHaveAttribute('aria-pressed', 'false');
    await expect(visitorLike).toHaveText(String(likes + 1));
    await visitorLike.click();
    await expect(
      visitor.getByRole('dialog').getByRole('heading', { name: t('auth.steps.email.title') }),
    ).toBeVisible();

    // Ash deletes the comment: asked first; it goes, with its reply, and the count follows.
    await page.goto(workPath);
    await comments.click();
    const mine = panel.getByTestId('comment').filter({ hasText: first });
    await mine
      .getByRole('button', { name: t('social.comments.moreNamed', { name: ash }) })
      .first()
      .click();
    await page.getByRole('menuitem', { name: t('social.comments.delete') }).click();
    const deleteDialog = page.getByRole('dialog', { name: t('social.comments.deleteTitle') });
    await deleteDialog.getByRole('button', { name: t('social.comments.delete') }).click();
    await expect(panel.getByText(first)).toHaveCount(0);
    await expect(
      panel.getByRole('heading', { name: new RegExp(t('social.comments.title')) }),
    ).toContainText(String(count));
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(comments).toHaveText(String(count));

    await beaContext.close();
    await visitorContext.close();
  });
}
