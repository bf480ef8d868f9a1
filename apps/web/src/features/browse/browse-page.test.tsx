import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildGameCard } from '../../test/games';
import { renderWithQuery } from '../../test/render';
import { BrowsePage } from './browse-page';

type Page = { list: ReturnType<typeof buildGameCard>[]; next_cursor: string | null; total: number };

/** A fake list call that answers from `pages` by cursor and records every query it was asked. */
function stubList(pages: Record<string, Page>) {
  const asked: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.searchParams);
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? pages.default!;
    return new Response(JSON.stringify({ status: 200, desc: 'ok', data: page }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

function renderBrowse(entry = '/browse') {
  // A visitor who already has a session: the page must not sign in first.
  localStorage.setItem('access_token', 'tok');
  const router = createMemoryRouter([{ path: '/browse', Component: BrowsePage }], {
    initialEntries: [entry],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

// The page reads through a lazy loader and a query: on a busy two-core machine the first render
// of a file can take more than the default second.
configure({ asyncUtilTimeout: 5_000 });

describe('Browse', () => {
  it('reads filters from the URL, asks the list with them, and shows the games', async () => {
    const asked = stubList({
      default: { list: [buildGameCard({ title: 'Ember Academy' })], next_cursor: null, total: 1 },
    });
    renderBrowse('/browse?type=MAGIC&sort=rating&q=ember');
    expect(await screen.findByText('Ember Academy')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 story');
    expect(screen.getByRole('button', { name: 'Magic' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ember');
    const query = asked.at(-1)!;
    expect(query.get('script_type')).toBe('MAGIC');
    expect(query.get('sort')).toBe('rating');
    expect(query.get('q')).toBe('ember');
    expect(query.get('cursor')).toBeNull();
  });

  it('puts a chosen genre and order into the URL', async () => {
    stubList({ default: { list: [buildGameCard()], next_cursor: null, total: 1 } });
    const router = renderBrowse();
    fireEvent.click(await screen.findByRole('button', { name: 'Romance' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=ROMANCE'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'new' } });
    await waitFor(() => expect(router.state.location.search).toBe('?type=ROMANCE&sort=new'));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=new'));
  });

  it('loads the next page from the cursor the last one gave', async () => {
    const asked = stubList({
      '': { list: [buildGameCard({ id: 1, title: 'First' })], next_cursor: 'c1', total: 2 },
      c1: { list: [buildGameCard({ id: 2, title: 'Second' })], next_cursor: null, total: 2 },
    });
    renderBrowse();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more stories' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.getByText('First')).toBeTruthy();
    expect(asked.at(-1)!.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more stories' })).toBeNull();
  });

  it('says when nothing matches and clears the filters in one step', async () => {
    stubList({ default: { list: [], next_cursor: null, total: 0 } });
    const router = renderBrowse('/browse?type=COMEDY&q=zebra');
    expect(await screen.findByRole('heading', { name: 'No stories match' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows skeleton cards while the first page loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderBrowse();
    expect(screen.getByRole('status').textContent).toBe('Loading stories…');
    expect(document.querySelectorAll('.game-card--skeleton').length).toBeGreaterThan(0);
  });
});
