import { useCallback, useEffect, useState } from 'react';

const MS_PER_CHARACTER = 24;

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Reveals `text` a character at a time; `complete()` shows all of it at once (a tap). Progress is
 * kept with the text it belongs to, so a new text never inherits the old one's count.
 */
export function useTypewriter(text: string, instant = false) {
  const total = Array.from(text).length;
  const [progress, setProgress] = useState(() => ({ text, shown: instant ? total : 0 }));
  const shown = progress.text === text ? progress.shown : instant ? total : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text restarts the reveal.
  useEffect(() => {
    if (instant || reducedMotion()) {
      setProgress({ text, shown: total });
      return;
    }
    setProgress({ text, shown: 0 });
    const timer = setInterval(() => {
      setProgress((p) => {
        const next = Math.min(total, (p.text === text ? p.shown : 0) + 1);
        if (next >= total) clearInterval(timer);
        return { text, shown: next };
      });
    }, MS_PER_CHARACTER);
    return () => clearInterval(timer);
  }, [text, total]);

  const complete = useCallback(() => setProgress({ text, shown: total }), [text, total]);
  return { text: Array.from(text).slice(0, shown).join(''), done: shown >= total, complete };
}
