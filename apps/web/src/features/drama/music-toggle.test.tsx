import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MusicToggle } from './music-toggle';
import { FADE_MS, MUSIC_KEY, MUSIC_VOLUME } from './use-game-music';

const THEME = '/taleforge/media/0123456789abcdef0123456789abcdef.mp3';

let hidden = false;
let play: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => void>>;
/** The element the hook made: the last one play() was called on. */
const element = () => play.mock.contexts.at(-1) as HTMLMediaElement;

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'hidden');
});

const button = () => screen.getByRole('button', { name: 'Music' });

/** Lets play()'s promise settle, then runs the fade to its end. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
  act(() => {
    vi.advanceTimersByTime(FADE_MS + 100);
  });
}

function setHidden(value: boolean) {
  hidden = value;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('MusicToggle', () => {
  it('is off by default and fetches nothing', () => {
    render(<MusicToggle url={THEME} />);
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(button().getAttribute('title')).toBe('Turn the music on');
    expect(play).not.toHaveBeenCalled();
  });

  it('plays the theme in a loop, fading in, and remembers the choice', async () => {
    render(<MusicToggle url={THEME} />);
    fireEvent.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(MUSIC_KEY)).toBe('1');
    expect(play).toHaveBeenCalledTimes(1);
    const audio = element();
    expect(audio.getAttribute('src')).toBe(THEME);
    expect(audio.loop).toBe(true);
    expect(audio.volume).toBe(0);
    await settle();
    expect(audio.volume).toBeCloseTo(MUSIC_VOLUME);

    fireEvent.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(MUSIC_KEY)).toBe('0');
    expect(pause).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(FADE_MS + 100);
    });
    expect(audio.volume).toBe(0);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('starts by itself when the player left it on, and stops when the page goes', async () => {
    localStorage.setItem(MUSIC_KEY, '1');
    const { unmount } = render(<MusicToggle url={THEME} />);
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(play).toHaveBeenCalledTimes(1);
    await settle();
    const audio = element();

    unmount();
    expect(pause).toHaveBeenCalledTimes(1);
    expect(audio.hasAttribute('src')).toBe(false);
  });

  it('changes to the theme of the next game', async () => {
    localStorage.setItem(MUSIC_KEY, '1');
    const { rerender } = render(<MusicToggle url={THEME} />);
    await settle();
    const first = element();

    const next = THEME.replace('0123', '4567');
    rerender(<MusicToggle url={next} />);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(first.hasAttribute('src')).toBe(false);
    expect(play).toHaveBeenCalledTimes(2);
    expect(element().getAttribute('src')).toBe(next);
  });

  it('pauses while the page is hidden and plays again when it is back', async () => {
    localStorage.setItem(MUSIC_KEY, '1');
    render(<MusicToggle url={THEME} />);
    await settle();

    setHidden(true);
    expect(pause).toHaveBeenCalledTimes(1);
    setHidden(false);
    expect(play).toHaveBeenCalledTimes(2);
    await settle();
    expect(element().volume).toBeCloseTo(MUSIC_VOLUME);
  });

  it('waits for the first tap or key when the browser blocks autoplay', async () => {
    localStorage.setItem(MUSIC_KEY, '1');
    play.mockImplementationOnce(() =>
      Promise.reject(new DOMException('blocked', 'NotAllowedError')),
    );
    render(<MusicToggle url={THEME} />);
    await settle();
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.pointerDown(document.body);
    expect(play).toHaveBeenCalledTimes(2);
    await settle();
    expect(element().volume).toBeCloseTo(MUSIC_VOLUME);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('shows nothing for a game without music', () => {
    const { container } = render(<MusicToggle url={null} />);
    expect(container.innerHTML).toBe('');
  });
});
