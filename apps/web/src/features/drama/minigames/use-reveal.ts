import { type RefObject, useEffect } from 'react';

/**
 * Brings a mini-game fully into view when it appears: on a phone it opens below the dialogue,
 * where its pieces would start under the fixed tab bar. The scroll margins in play.css keep it
 * clear of the header and the tab bar; "nearest" does nothing when it is already in view.
 */
export function useReveal(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [ref]);
}
