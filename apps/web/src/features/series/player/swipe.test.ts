import { describe, expect, it } from 'vitest';
import { readSwipe } from './swipe';

// A phone's frame, 844 px tall: a slow drag must cover 18 % of it (152 px).
const H = 844;

describe('readSwipe', () => {
  it('reads a drag up as the next episode and a drag down as the previous one', () => {
    expect(readSwipe(5, -200, 400, H)).toBe('next');
    expect(readSwipe(-5, 200, 400, H)).toBe('previous');
  });

  it('needs a slow drag to cover enough of the frame', () => {
    expect(readSwipe(0, -150, 600, H)).toBeNull();
    expect(readSwipe(0, -153, 600, H)).toBe('next');
    // On a short frame the 60 px floor applies.
    expect(readSwipe(0, -59, 600, 200)).toBeNull();
    expect(readSwipe(0, -60, 600, 200)).toBe('next');
  });

  it('takes a short fast flick', () => {
    expect(readSwipe(0, -40, 60, H)).toBe('next');
    expect(readSwipe(0, -40, 200, H)).toBeNull();
    expect(readSwipe(0, -25, 10, H)).toBeNull();
  });

  it('leaves a mostly sideways move alone, and reads a short quick touch as a tap', () => {
    expect(readSwipe(-220, -200, 300, H)).toBeNull();
    expect(readSwipe(3, -4, 120, H)).toBe('tap');
    expect(readSwipe(3, -4, 900, H)).toBeNull();
  });
});
