import { useCallback, useEffect, useState } from 'react';

const MS_PER_CHARACTER = 24;

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Reveals `text` a character at a time; `complete()` shows all of it at once (a tap). */
export function useTypewriter(text: string, instant = false) {
  const [shown, setShown] = useState(() => (instant ? Array.from(text).length : 0));
  const characters = Array.from(text);
  const total = characters.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text restarts the reveal.
  useEffect(() => {
    if (instant || reducedMotion()) {
      setShown(total);
      return;
    }
    setShown(0);
    const timer = setInterval(() => {
      setShown((n) => {
        if (n + 1 >= total) clearInterval(timer);
        return Math.min(total, n + 1);
      });
    }, MS_PER_CHARACTER);
    return () => clearInterval(timer);
  }, [text, total]);

  const complete = useCallback(() => setShown(total), [total]);
  return { text: characters.slice(0, shown).join(''), done: shown >= total, complete };
}
