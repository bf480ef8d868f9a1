import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypewriter } from './use-typewriter';

describe('useTypewriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('types a line out, completes on demand, and starts a new text from its beginning', () => {
    const { result, rerender } = renderHook(({ text }) => useTypewriter(text), {
      initialProps: { text: 'Hello there' },
    });
    expect(result.current.done).toBe(false);
    act(() => vi.advanceTimersByTime(24 * 5));
    expect(result.current.text).toBe('Hello');
    act(() => result.current.complete());
    expect(result.current).toMatchObject({ text: 'Hello there', done: true });
    // A shorter new line must not count as done because the last one was long.
    rerender({ text: 'むにゃ……' });
    expect(result.current.done).toBe(false);
    expect(result.current.text).toBe('');
    act(() => vi.advanceTimersByTime(24 * 2));
    expect(result.current.text).toBe('むに');
  });

  it('shows an already read line whole', () => {
    const { result } = renderHook(() => useTypewriter('Already read', true));
    expect(result.current).toMatchObject({ text: 'Already read', done: true });
  });
});
