import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-error';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/for-you-abc.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://x/a.js'),
    new Error('Unable to preload CSS for /assets/home.css'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), 'Failed to fetch', null, 404])(
    'does not mistake %s for one',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe('shouldReloadForChunkError', () => {
  it('reloads once, then refuses to loop within 15 s', () => {
    expect(shouldReloadForChunkError(sessionStorage, 100_000)).toBe(true);
    expect(shouldReloadForChunkError(sessionStorage, 110_000)).toBe(false);
    expect(shouldReloadForChunkError(sessionStorage, 130_000)).toBe(true);
  });
});
