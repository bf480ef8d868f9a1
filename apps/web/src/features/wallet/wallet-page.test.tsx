import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../../test/render';
import { SETTLED } from '../../test/settled';
import { WalletPage } from './wallet-page';

const tier = {
  id: 'gems_6',
  price: 6,
  price_minor: 600,
  currency: 'USD',
  gems: 60,
  bonus_gems: 0,
  discount_percent: null,
};

/** Opens the wallet at `search`, presses Pay, and gives back the order the page asked for. */
async function payFrom(search: string): Promise<Record<string, unknown>> {
  const fetchMock = stubApi({
    '/api/auth/wallet/balance': { gem_balance: 0, balance: 0 },
    '/api/auth/wallet/transactions': { list: [], page: 1, page_size: 20, total: 0 },
    '/api/auth/v1/goods/coins': { tiers: [tier] },
  });
  const { unmount } = renderWithQuery(
    <MemoryRouter initialEntries={[`/wallet${search}`]}>
      <WalletPage />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /^Pay \$/ }));
  // stubApi's fake reads only the URL; the page's fetch also passes the request's init.
  const calls = () => fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit?][];
  await vi.waitFor(() => expect(calls().some(([, i]) => i?.method === 'POST')).toBe(true), SETTLED);
  const [, init] = calls().find(([, i]) => i?.method === 'POST')!;
  unmount();
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('<WalletPage/> ?return=', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a path on this site as the order’s return path', async () => {
    expect(await payFrom('?return=%2Fdrama%2F3')).toMatchObject({ return_path: '/drama/3' });
  });

  it('sends no return path that leaves the site', async () => {
    for (const hostile of ['/\t/evil.example/x', '//evil.example', 'https://evil.example']) {
      const body = await payFrom(`?return=${encodeURIComponent(hostile)}`);
      expect(body, hostile).not.toHaveProperty('return_path');
    }
  });
});
