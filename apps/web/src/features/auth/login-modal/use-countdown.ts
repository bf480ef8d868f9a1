import { useEffect, useState } from 'react';

/** Whole seconds left until `from + seconds`; 0 when `from` is null or the time has passed. */
export function secondsLeft(from: number | null, seconds: number, now: number): number {
  if (from === null) return 0;
  return Math.max(0, Math.ceil((from + seconds * 1000 - now) / 1000));
}

/**
 * A countdown that ticks once a second. It is computed from the start time, not decremented,
 * so a throttled background tab still shows the right value when it wakes up.
 */
export function useCountdown(from: number | null, seconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(from, seconds, now);
  useEffect(() => {
    setNow(Date.now());
    if (from === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(from, seconds, current) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [from, seconds]);
  return left;
}
