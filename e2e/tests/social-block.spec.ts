import type { Browser, BrowserContext } from '@playwright/test';
import { CALLS, type Locale } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { api } from '../support/api';
import { STORAGE_KEYS } from '../support/app';
import { translator } from '../support/catalogue';
import { expect, type Page, test } from '../support/device';
import { E2E_PORT } from '../support/env';
import { registerInBrowser } from '../support/profiles';
import { publishWorkByApi } from '../support/studio';

// A block on a player's own work. Ash publishes a work of her own; Bea opens it, comments and
// follows Ash from Ash's comment. Ash blocks Bea from Bea's profile: Bea's follow is gone, and her
// follow, comment and reply are each refused with the server's words on her screen, her text kept.
// Ash unblocks, and Bea's next comment is posted. In English at 1280 px, in Chinese at 390 px.

const CASES = [
  { label: 'English at 1280 px', locale: 'en_US', width: 1280, height: 900 },
  { label: 'Chinese at 390 px', locale: 'zh_CN', width: 390, height: 844 },
] as const;

async function setLanguage(target: BrowserContext | Page, locale: Locale) {
  await target.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.language, locale] as const,
  );
}

async function otherBrowser(browser: Browser, c: (typeof CASES)[number]) {
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: c.width, height: c.height },
  });
  await setLanguage(context, c.locale);
  return context;
}

/** A rail button by the start of its name ("Comments · "), whatever the count. */
const railButton = (page: Page, label: string) =>
  page.getByTestId('work-social').getByRole('button', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d`),
  });

for (const c of CASES) {
  test(`a creator blocks a player on her own work, then unblocks — ${c.label}`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const t = translator(c.locale);
    const refused = statusMessage(STATUS.BLOCKED_BY_USER, c.locale);
    const shot = (who: Page, name: string) =>
      who.screenshot({ path: info.outputPath(`block-${name}-${c.locale}-${c.width}.png`) });
    await page.setViewportSize({ width: c.width, height: c.height });
    await setLanguage(page, c.locale);
    const stamp = Date.now().toString(36).slice(-4);
    const ash = `Ash${stamp}`;
    const bea = `Bea${stamp}`;

    // Ash publishes a work of her own and opens its comments with a word of her own.
    const creator = await registerInBrowser(page, ash);
    const gameId = await publishWorkByApi(
      page,
      creator,
      `Quiet Harbour ${stamp}`,
      'The harbour is quiet tonight.',
    );
    const welcome = `Thanks for reading ${stamp}`;
    const posted = await api(page.request, CALLS.commentPost, {
      ...creator,
      body: { game_id: gameId, body: welcome },
    });
    expect(posted.status).toBe(200);

    // Bea, in her own browser, opens the work, comments, and follows Ash from Ash's comment.
    const beaContext = await otherBrowser(browser, c);
    const beaPage = await beaContext.newPage();
    const { taleforgeId: beaId } = await registerInBrowser(beaPage, bea);
    const workPath = `/drama/${gameId}`;
    await beaPage.goto(workPath);
    const commentsLabel = t('social.comments.open', { short: '' });
    await railButton(beaPage, commentsLabel).click();
    const panel = beaPage.getByTestId('comments-panel');
    const ashComment = panel.getByTestId('comment').filter({ hasText: welcome });
    await expect(ashComment.getByText(t('social.comments.creator'))).toBeVisible();
    const box = panel.getByRole('textbox', { name: t('social.comments.label') });
    await box.fill(`What a harbour ${stamp}`);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByTestId('comment').first()).toContainText(`What a harbour ${stamp}`);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('2');

    await ashComment.getByRole('link', { name: ash }).last().click();
    await expect(beaPage.getByRole('heading', { level: 1, name: ash })).toBeVisible();
    const followers = (who: Page, n: number) =>
      who.getByRole('button', { name: t('social.lists.followersOpen', { short: n }) });
    const follow = beaPage.getByRole('button', { name: t('social.follow'), exact: true });
    await follow.click();
    await expect(
      beaPage.getByRole('button', { name: t('social.following'), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(followers(beaPage, 1)).toBeVisible();
    const ashProfile = new URL(beaPage.url()).pathname;

    // Ash blocks Bea from Bea's profile, after being asked; Unblock takes Follow's place.
    await page.goto(`/profile/${beaId}`);
    await expect(page.getByText(t('social.followsYou'))).toBeVisible();
    await page.getByRole('button', { name: t('social.more', { name: bea }) }).click();
    await page.getByRole('menuitem', { name: t('social.block.action') }).click();
    const confirm = page.getByRole('dialog', { name: t('social.block.title', { name: bea }) });
    await confirm.getByRole('button', { name: t('social.block.confirm') }).click();
    const unblock = page.getByRole('button', { name: t('social.block.unblock'), exact: true });
    await expect(unblock).toBeVisible();
    await expect(page.getByText(t('social.followsYou'))).toHaveCount(0);
    await shot(page, 'blocked');

    // Bea's follow is gone; following again is refused, and the button and count stay put.
    await beaPage.goto(ashProfile);
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect(followers(beaPage, 0)).toBeVisible();
    await follow.click();
    await expect(beaPage.getByRole('status').filter({ hasText: refused })).toBeVisible();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect(followers(beaPage, 0)).toBeVisible();
    await shot(beaPage, 'follow-refused');

    // A new comment on Ash's work is refused, the text kept for her.
    await beaPage.goto(workPath);
    await railButton(beaPage, commentsLabel).click();
    const again = `Still here ${stamp}`;
    await box.fill(again);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByRole('alert')).toHaveText(refused);
    await expect(box).toHaveValue(again);
    await shot(beaPage, 'comment-refused');

    // So is a reply to Ash's comment; Ash's comment still has no replies.
    await ashComment
      .getByRole('button', { name: t('social.comments.replyNamed', { name: ash }) })
      .click();
    const reply = panel.getByRole('textbox', { name: t('social.comments.replyLabel') });
    await reply.fill(`Are you there? ${stamp}`);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await panel.getByRole('button', { name: t('social.comments.sendReply'), exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText(refused);
    await expect(reply).toHaveValue(`Are you there? ${stamp}`);
    await expect(
      ashComment.getByRole('button', { name: t('social.comments.replies_one', { short: 1 }) }),
    ).toHaveCount(0);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('2');
    await shot(beaPage, 'reply-refused');

    // Ash unblocks Bea; Bea's comment goes through.
    await unblock.click();
    await expect(page.getByRole('button', { name: t('social.follow'), exact: true })).toBeVisible();
    await panel.getByRole('button', { name: t('social.comments.cancelReply') }).click();
    await box.fill(again);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByTestId('comment').first()).toContainText(again);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('3');
    await shot(beaPage, 'comment-after-unblock');
    await beaContext.close();
  });
}
