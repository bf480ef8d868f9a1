import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './use-countdown';

function Probe({ from }: { from: number | null }) {
  return <span data-testid="left">{useCountdown(from, 60)}</span>;
}

describe('resend countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds from the send time', () => {
    expect(secondsLeft(null, 60, 5_000)).toBe(0);
    expect(secondsLeft(0, 60, 0)).toBe(60);
    expect(secondsLeft(0, 60, 1)).toBe(60);
    expect(secondsLeft(0, 60, 59_001)).toBe(1);
    expect(secondsLeft(0, 60, 60_000)).toBe(0);
    expect(secondsLeft(0, 60, 90_000)).toBe(0);
  });

  it('ticks once a second down to zero, then stops', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    render(<Probe from={Date.now()} />);
    const left = () => Number(screen.getByTestId('left').textContent);
    expect(left()).toBe(60);
    act(() => vi.advanceTimersByTime(1_000));
    expect(left()).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(left()).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(left()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
