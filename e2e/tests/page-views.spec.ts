import { followNavLink, PAGE_VIEW_PATH, pathOf, waitForMount } from '../support/app';
import { expect, type Request, test } from '../support/device';

type PageView = { path: string; title: string };

test('each navigation reports the route and its title to analytics', async ({ page }) => {
  const views: PageView[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && pathOf(request) === PAGE_VIEW_PATH) {
      views.push(request.postDataJSON() as PageView);
    }
  });

  await page.goto('/For_You');
  await waitForMount(page);
  await expect.poll(() => views.map((view) => view.path)).toContain('/For_You');
  const forYouTitle = await page.title();
  expect(forYouTitle).not.toBe('');
  expect(views.find((view) => view.path === '/For_You')?.title).toBe(forYouTitle);

  await followNavLink(page, 'Drama', '/drama');
  await expect.poll(() => views.map((view) => view.path)).toContain('/drama');
  const dramaTitle = await page.title();
  expect(views.find((view) => view.path === '/drama')?.title).toBe(dramaTitle);

  // Back again: a navigation to a route seen before is reported again.
  const before = views.length;
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/For_You');
  await expect.poll(() => views.length).toBeGreaterThan(before);
  expect(views.at(-1)).toEqual(expect.objectContaining({ path: '/For_You', title: forYouTitle }));
});
