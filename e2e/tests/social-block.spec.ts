import type { Browser, BrowserContext } from '@playwright/test';
import { CALLS, type Locale } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { api } from '../support/api';
import { STORAGE_KEYS } from '../support/app';
import { translator } from '../support/catalogue';
import { expect, type Page, test } from '../support/device';
import { E2E_PORT } from '../support/env';
import { PICTURE } from '../support/layout';
import { registerInBrowser } from '../support/profiles';
import { publishWorkByApi } from '../support/studio';

// A block on a player's own work. Ash publishes a work of her own; Bea opens it, comments and
// follows Ash from Ash's comment. Ash blocks Bea from Bea's profile: Bea's pages that were open
// have her comment, reply and follow refused in the server's words (her text kept); pages opened
// after say it in place of Follow and of the comment box, and her follow is gone. Ash unblocks,
// and Bea follows and comments again. In English at 1280 px, in Chinese at 390 px.

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
      who.screenshot({
        path: info.outputPath(`block-${name}-${c.locale}-${c.width}.jpg`),
        ...PICTURE,
      });
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
    // (A second tab of hers has Ash's profile open from before, as tabs are.)
    const beaContext = await otherBrowser(browser, c);
    const beaPage = await beaContext.newPage();
    const { taleforgeId: beaId } = await registerInBrowser(beaPage, bea);
    const workPath = `/drama/${gameId}`;
    await beaPage.goto(workPath);
    const commentsLabel = t('social.comments.open', { short: '' });
    const openComments = async () => {
      await railButton(beaPage, commentsLabel).click();
      await expect(ashComment.getByText(t('social.comments.creator'))).toBeVisible();
    };
    const panel = beaPage.getByTestId('comments-panel');
    const ashComment = panel.getByTestId('comment').filter({ hasText: welcome });
    await openComments();
    const box = panel.getByRole('textbox', { name: t('social.comments.label') });
    await box.fill(`What a harbour ${stamp}`);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByTestId('comment').first()).toContainText(`What a harbour ${stamp}`);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('2');

    await ashComment.getByRole('link', { name: ash }).last().click();
    await expect(beaPage.getByRole('heading', { level: 1, name: ash })).toBeVisible();
    const ashProfile = new URL(beaPage.url()).pathname;
    const oldTab = await beaContext.newPage();
    await oldTab.goto(ashProfile);
    const follow = (who: Page) =>
      who.getByRole('button', { name: t('social.follow'), exact: true });
    await expect(follow(oldTab)).toBeVisible();
    const followers = (who: Page, n: number) =>
      who.getByRole('button', { name: t('social.lists.followersOpen', { short: n }) });
    await follow(beaPage).click();
    await expect(
      beaPage.getByRole('button', { name: t('social.following'), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(followers(beaPage, 1)).toBeVisible();
    // Back on the work, the comments open again, the box ready.
    await beaPage.goBack();
    await openComments();
    await expect(box).toBeVisible();

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

    // Bea's open panel does not know yet: her comment is refused in the server's words, the
    // text kept for her.
    const again = `Still here ${stamp}`;
    await box.fill(again);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByRole('alert')).toHaveText(refused);
    await expect(box).toHaveValue(again);
    await shot(beaPage, 'comment-refused');

    // So is a reply to Ash's comment, which still has no replies.
    const replyTo = t('social.comments.replyNamed', { name: ash });
    await ashComment.getByRole('button', { name: replyTo }).click();
    const reply = panel.getByRole('textbox', { name: t('social.comments.replyLabel') });
    await reply.fill(`Are you there? ${stamp}`);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await panel.getByRole('button', { name: t('social.comments.sendReply'), exact: true }).click();
    await expect(panel.getByRole('alert')).toHaveText(refused);
    await expect(reply).toHaveValue(`Are you there? ${stamp}`);
    const oneReply = t('social.comments.replies_one', { short: 1 });
    await expect(ashComment.getByRole('button', { name: oneReply })).toHaveCount(0);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('2');
    await shot(beaPage, 'reply-refused');

    // Her old tab's Follow is refused too; then that page says why in Follow's place.
    const blocksYou = oldTab.getByText(t('social.blocksYou', { name: ash }));
    await follow(oldTab).click();
    await expect(oldTab.getByRole('status').filter({ hasText: refused })).toBeVisible();
    await expect(blocksYou).toBeVisible();
    await expect(follow(oldTab)).toHaveCount(0);
    await shot(oldTab, 'follow-refused');
    // Her follow is gone: Ash has no followers, and a fresh look says the same.
    await oldTab.reload();
    await expect(blocksYou).toBeVisible();
    await expect(followers(oldTab, 0)).toBeVisible();
    await expect(follow(oldTab)).toHaveCount(0);

    // Opened again, the comments say it before she writes, and she can still read them.
    await beaPage.reload();
    await openComments();
    await expect(panel.getByText(t('social.comments.blockedByCreator'))).toBeVisible();
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await expect(ashComment.getByRole('button', { name: replyTo })).toHaveCount(0);
    await shot(beaPage, 'comments-blocked');

    // Ash unblocks Bea: Bea can follow again, and her comment goes through.
    await unblock.click();
    await expect(follow(page)).toBeVisible();
    await oldTab.reload();
    await expect(blocksYou).toHaveCount(0);
    await follow(oldTab).click();
    await expect(
      oldTab.getByRole('button', { name: t('social.following'), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await beaPage.reload();
    await openComments();
    await box.fill(again);
    await panel.getByRole('button', { name: t('social.comments.send') }).click();
    await expect(panel.getByTestId('comment').first()).toContainText(again);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(railButton(beaPage, commentsLabel)).toHaveText('3');
    await shot(beaPage, 'comment-after-unblock');
    await beaContext.close();
  });
}
