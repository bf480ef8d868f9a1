import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadScreenTexts } from '../../shared/i18n/i18n';

// The home's drama rows are not part of the first visit's JavaScript (bench/bundle): their code
// and texts come when they come into view.
const HomeDramaRow = lazy(() =>
  Promise.all([import('../series/home-rows'), loadScreenTexts()]).then(([m]) => m),
);

/** A drama row of the home, loaded once its place scrolls into view. */
export function HomeDramaSlot({ part }: { part: 'continue' | 'clips' }) {
  const marker = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (!seen) return <div ref={marker} />;
  return (
    <Suspense fallback={null}>
      <HomeDramaRow part={part} />
    </Suspense>
  );
}
