import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { onPageView, usePageTitle } from './use-page-title';

function Screen({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

describe('usePageTitle', () => {
  it('sets the localized title and reports one page view per navigation', async () => {
    const views = vi.fn();
    const stop = onPageView(views);
    const router = createMemoryRouter(
      [
        { path: '/For_You', element: <Screen name="For You" /> },
        { path: '/drama', element: <Screen name="Drama" /> },
      ],
      { initialEntries: ['/For_You?ref=mail'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('For You · Taleforge');
    expect(views).toHaveBeenCalledWith({ path: '/For_You', title: 'For You · Taleforge' });

    await act(() => router.navigate('/drama'));
    expect(document.title).toBe('Drama · Taleforge');
    expect(views).toHaveBeenLastCalledWith({ path: '/drama', title: 'Drama · Taleforge' });
    expect(views).toHaveBeenCalledTimes(2);
    stop();
  });
});
