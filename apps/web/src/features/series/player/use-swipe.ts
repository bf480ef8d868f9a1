import { type PointerEvent, useRef } from 'react';
import { readSwipe } from './swipe';

type Handlers = { onNext: () => void; onPrevious: () => void; onTap: () => void };

/**
 * Pointer handlers for the video frame: a vertical swipe changes episode, a tap plays or
 * pauses. Works for touch, pen and a dragged mouse alike.
 */
export function useSwipe({ onNext, onPrevious, onTap }: Handlers) {
  const start = useRef<{ x: number; y: number; at: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!event.isPrimary || event.button > 0) return;
      start.current = {
        x: event.clientX,
        y: event.clientY,
        at: event.timeStamp,
        id: event.pointerId,
      };
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const result = readSwipe(
        event.clientX - from.x,
        event.clientY - from.y,
        event.timeStamp - from.at,
        event.currentTarget.clientHeight,
      );
      if (result === 'next') onNext();
      else if (result === 'previous') onPrevious();
      else if (result === 'tap') onTap();
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
