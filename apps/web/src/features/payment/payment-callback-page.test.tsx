import type { Order } from '@taleforge/contracts';
import { configure, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../shared/ui/toast/toast-store';
import { renderWithQuery } from '../../test/render';
import { PaymentCallbackPage } from './payment-callback-page';

// The first render of the file loads the page's whole tree; on a busy machine it outlasts 1 s.
configure({ asyncUtilTimeout: 5_000 });

const order = (overrides: Partial<Order>): Order => ({
  order_no: 'TF20261122000000000001',
  goods_id: 'gems_30',
  status: 'processing',
  amount: 30,
  amount_minor: 3000,
  currency: 'USD',
  gems: 300,
  bonus_gems: 20,
  pay_method: 'alipay',
  created_at: '2026-11-22T01:00:00.000Z',
  paid_at: null,
  checkout_url: null,
  return_path: null,
  failure_reason: null,
  ...overrides,
});

/** GET answers `read`; POST …/cancel answers `cancelled`. */
function stubOrder(read: Order, cancelled?: Order) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const data = pathname.endsWith('/order/cancel')
      ? cancelled
      : pathname.endsWith('/wallet/balance')
        ? { gem_balance: 320, balance: 320 }
        : read;
    return new Response(JSON.stringify({ status: 200, desc: 'ok', data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderAt = (search: string) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[`/payment/callback${search}`]}>
      <PaymentCallbackPage />
    </MemoryRouter>,
  );

describe('<PaymentCallbackPage/>', () => {
  it('shows a paid order with its facts and the gems received', async () => {
    stubOrder(order({ status: 'success', paid_at: '2026-11-22T01:02:00.000Z' }));
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByTestId('order-no').textContent).toBe('TF20261122000000000001');
    expect(screen.getByText('$30')).toBeTruthy();
    expect(screen.getByText('Alipay')).toBeTruthy();
    expect(screen.getByTestId('gems-received').textContent).toBe('320');
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('says why a payment failed and offers to try again', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(0);
    stubOrder(order({ status: 'failed', failure_reason: 'card_declined' }));
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('Payment failed: the card was declined')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/wallet#top-up',
    );
    expect(error).toHaveBeenCalledWith('Payment failed: the card was declined');
  });

  it('shows a timed-out order with the timeout text', async () => {
    stubOrder(order({ status: 'timeout' }));
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByRole('heading', { name: 'Payment timed out' })).toBeTruthy();
    expect(screen.getByText('Payment timeout, please initiate payment again')).toBeTruthy();
  });

  it('cancels once when the payer comes back from the provider without paying', async () => {
    const fetchMock = stubOrder(order({}), order({ status: 'cancelled' }));
    renderAt('?order_no=TF20261122000000000001&cancelled=1');
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    const cancels = fetchMock.mock.calls.filter(([url]) => String(url).includes('/order/cancel'));
    expect(cancels).toHaveLength(1);
    expect(JSON.parse(String(cancels[0]?.[1]?.body))).toEqual({
      order_no: 'TF20261122000000000001',
    });
  });

  it('shows processing while the order has not settled', async () => {
    stubOrder(order({}));
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByRole('heading', { name: 'Processing payment…' })).toBeTruthy();
    expect(screen.getByText(/This page updates by itself/)).toBeTruthy();
  });

  it('"Return to game" never leaves the site, whatever return path an order holds', async () => {
    for (const hostile of ['/\t/evil.example/x', '//evil.example', '/\\evil.example']) {
      stubOrder(order({ status: 'success', return_path: hostile }));
      const { unmount } = renderAt('?order_no=TF20261122000000000001');
      await screen.findByRole('heading', { name: 'Payment successful' });
      const link = screen.getByRole('link', { name: 'Return to game' });
      expect(link.getAttribute('href'), hostile).toBe('/For_You');
      unmount();
    }
    stubOrder(order({ status: 'success', return_path: '/drama/3' }));
    renderAt('?order_no=TF20261122000000000001');
    await screen.findByRole('heading', { name: 'Payment successful' });
    const link = screen.getByRole('link', { name: 'Return to game' });
    expect(link.getAttribute('href')).toBe('/drama/3');
  });

  it('tells a failure in our words, never the provider’s', async () => {
    vi.spyOn(toast, 'error').mockReturnValue(0);
    stubOrder(
      order({ status: 'failed', failure_reason: 'Your card has insufficient funds (ch_3Nx)' }),
    );
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByText('Payment failed: the payment did not go through')).toBeTruthy();
    expect(screen.queryByText(/ch_3Nx/)).toBeNull();
  });

  it('says an unknown or someone else’s order was not found, stops asking, and offers help', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 3005, desc: 'Order not found', data: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('?order_no=TF20990101000000000000');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.queryByText(/Processing payment/)).toBeNull();
    expect(screen.getByText(/not in your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/For_You');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toContain(
      'TF20990101000000000000',
    );
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('false');
    const asked = fetchMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fetchMock.mock.calls.length).toBe(asked);
  });

  it('offers to check again when the order could not be read, instead of spinning', async () => {
    vi.spyOn(toast, 'error').mockReturnValue(0);
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!up) throw new TypeError('offline');
        return new Response(JSON.stringify({ status: 200, desc: 'ok', data: order({}) }));
      }),
    );
    renderAt('?order_no=TF20261122000000000001');
    expect(
      await screen.findByRole('heading', { name: 'We could not check this payment' }),
    ).toBeTruthy();
    up = true;
    screen.getByRole('button', { name: 'Check again' }).click();
    expect(await screen.findByRole('heading', { name: 'Processing payment…' })).toBeTruthy();
  });

  it('names a declined Alipay payment as Alipay’s, not a card’s', async () => {
    vi.spyOn(toast, 'error').mockReturnValue(0);
    stubOrder(order({ status: 'failed', failure_reason: 'alipay_declined' }));
    renderAt('?order_no=TF20261122000000000001');
    expect(await screen.findByText('Payment failed: Alipay declined the payment')).toBeTruthy();
    expect(screen.queryByText(/card/)).toBeNull();
  });

  it('shows the gems beside the amount, with thousands grouped', async () => {
    stubOrder(
      order({
        status: 'success',
        amount: 89.99,
        amount_minor: 8_999,
        gems: 6_480,
        bonus_gems: 2_778,
        paid_at: '2026-11-22T01:02:00.000Z',
      }),
    );
    renderAt('?order_no=TF20261122000000000001');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(screen.getByText('$89.99')).toBeTruthy();
    expect(screen.getByTestId('order-gems').textContent).toBe('9,258 gems');
    expect(screen.getByTestId('gems-received').textContent).toBe('9,258');
    expect(screen.getByRole('button', { name: 'Copy order number' })).toBeTruthy();
  });
});
