import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';

// The home's drama rows and the player behind them are not part of the first visit's JavaScript
// (bench/bundle): their code comes when they are about to be seen.
const HomeDrama = lazyWithQueries(() => import('../series/home-drama').then((m) => m.HomeDrama));

type Part = 'continue' | 'clips';

/** A drama row of the home; with `deferred`, its code loads only as it nears the viewport. */
export function HomeDramaSlot({ part, deferred = false }: { part: Part; deferred?: boolean }) {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!deferred);
  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={marker} />;
  return (
    <Suspense fallback={null}>
      <HomeDrama part={part} />
    </Suspense>
  );
}
