import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../shared/ui/toast/toast-store';
import { ShareButton } from './share-button';
import { shareUrl } from './share-link';

// Share as a phone and a desktop browser offer it: the browser's own APIs are replaced per test
// (jsdom has neither a share sheet nor a clipboard), our code runs as it is.

type Device = { touch: boolean; share?: (data: ShareData) => Promise<void>; canShare?: boolean };

const clipboard = { writeText: vi.fn<(text: string) => Promise<void>>() };
let lastToast = 0;

function device({ touch, share, canShare }: Device) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: touch && query === '(hover: none) and (pointer: coarse)',
  }));
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'canShare', {
    value: canShare === undefined ? undefined : () => canShare,
    configurable: true,
  });
}

/** The toasts raised since the test began, as [kind, text]. */
const toasts = () =>
  toastStore
    .getSnapshot()
    .filter((t) => t.id > lastToast)
    .map((t) => [t.kind, t.message]);

const abort = () => Promise.reject(new DOMException('Share canceled', 'AbortError'));

beforeEach(() => {
  lastToast = toastStore.getSnapshot().at(-1)?.id ?? lastToast;
  clipboard.writeText.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of ['clipboard', 'share', 'canShare']) {
    Reflect.deleteProperty(navigator, key);
  }
});

const work = () =>
  render(<ShareButton target={{ kind: 'work', id: 42 }} name="The Lighthouse" look="icon" />);

describe('<ShareButton/>', () => {
  it('copies the work’s absolute link on a desktop, even one with a share sheet, and says so', async () => {
    const share = vi.fn(() => Promise.resolve());
    device({ touch: false, share });
    work();
    const button = screen.getByRole('button', { name: 'Share this story' });
    fireEvent.click(button);
    await waitFor(() => expect(toasts()).toEqual([['success', 'Link copied']]));
    expect(clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}/drama/42`);
    expect(share).not.toHaveBeenCalled();
  });

  it('says "Copy failed" when the clipboard refuses', async () => {
    device({ touch: false });
    clipboard.writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    work();
    fireEvent.click(screen.getByRole('button', { name: 'Share this story' }));
    await waitFor(() => expect(toasts()).toEqual([['error', 'Copy failed']]));
  });

  it('opens the share sheet on a phone with the profile’s title, text and link, and copies nothing', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    device({ touch: true, share, canShare: true });
    render(<ShareButton target={{ kind: 'profile', taleforgeId: 'tf_Mira-1' }} name="Mira" />);
    const button = screen.getByRole('button', { name: "Share Mira's profile" });
    expect(button.textContent).toBe('Share');
    fireEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]![0]).toEqual({
      title: 'Mira',
      text: 'Mira on Taleforge',
      url: `${window.location.origin}/profile/tf_Mira-1`,
    });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    expect(clipboard.writeText).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('stays silent when the player closes the sheet (AbortError), and can share again', async () => {
    const share = vi.fn(abort);
    device({ touch: true, share });
    work();
    const button = screen.getByRole('button', { name: 'Share this story' });
    fireEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    expect(toasts()).toEqual([]);
    fireEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
  });

  it('says "Failed to generate share link" when the sheet fails for another reason', async () => {
    device({ touch: true, share: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    work();
    fireEvent.click(screen.getByRole('button', { name: 'Share this story' }));
    await waitFor(() => expect(toasts()).toEqual([['error', 'Failed to generate share link']]));
  });

  it('copies instead when the sheet cannot take this link', async () => {
    const share = vi.fn(() => Promise.resolve());
    device({ touch: true, share, canShare: false });
    work();
    fireEvent.click(screen.getByRole('button', { name: 'Share this story' }));
    await waitFor(() => expect(toasts()).toEqual([['success', 'Link copied']]));
    expect(share).not.toHaveBeenCalled();
  });
});

describe('shareUrl', () => {
  it('is absolute on the public origin, and nothing for a path it cannot place', () => {
    expect(shareUrl('/drama/7', 'https://play.example.com')).toBe(
      'https://play.example.com/drama/7',
    );
    expect(shareUrl('/profile/a%20b', 'https://play.example.com')).toBe(
      'https://play.example.com/profile/a%20b',
    );
    expect(shareUrl('//evil.example/drama/7', 'https://play.example.com')).toBeNull();
    expect(shareUrl('drama/7', 'https://play.example.com')).toBeNull();
  });
});
