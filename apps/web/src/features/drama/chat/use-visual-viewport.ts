import { useEffect, useState } from 'react';

/**
 * The height the page really has on screen. When a phone's keyboard opens, the visual viewport
 * shrinks but the layout viewport may not; sizing the panel to the visual one keeps the input
 * above the keyboard.
 */
export function useVisualViewportHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setHeight(Math.round(viewport.height));
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return height;
}
