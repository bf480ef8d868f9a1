import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';
import { Toaster } from './toaster';

describe('<Toaster/>', () => {
  it('stacks toasts 20 px from the top with 10 px between them, as live status messages', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore();
      render(<Toaster store={store} />);
      act(() => {
        store.show('Network Error', 'error');
        store.show('Saved', 'success');
      });
      const region = screen.getByRole('region', { name: 'Notifications' });
      expect(region.style.top).toBe('20px');
      expect(region.style.gap).toBe('10px');
      const toasts = screen.getAllByRole('status');
      expect(toasts.map((toast) => toast.textContent)).toEqual(['Network Error', 'Saved']);
      expect(toasts[0]?.getAttribute('aria-live')).toBe('assertive');

      act(() => vi.advanceTimersByTime(3000 + 300));
      expect(screen.queryAllByRole('status')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
