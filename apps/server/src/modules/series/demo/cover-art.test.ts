import { describe, expect, it } from 'vitest';
import { loadSeriesScripts } from './definition.js';
import { coverSvgOf } from './seed-rows.js';

// The players see a series cover as a 9:16 poster cut from the middle of the 800×500 scene.
const POSTER = { left: 400 - (500 * 9) / 16 / 2, right: 400 + (500 * 9) / 16 / 2 };
// A portrait's face, ears included, spans x 45–155 of its 200-wide view box.
const FACE = { left: 45 / 200, right: 155 / 200 };

/** Each lead drawn on the cover: the nested portrait's place on the scene. */
function figuresOf(svg: string) {
  return [...svg.matchAll(/<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/g)].map((m) => ({
    x: Number(m[1]),
    width: Number(m[3]),
  }));
}

describe('a demo series cover', () => {
  it('keeps every lead’s whole face inside the poster the screens cut from it', async () => {
    const scripts = await loadSeriesScripts();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const figures = figuresOf(coverSvgOf(script));
      expect(figures).toHaveLength(script.cover.who.length);
      for (const { x, width } of figures) {
        expect(x + FACE.left * width, script.slug).toBeGreaterThanOrEqual(POSTER.left);
        expect(x + FACE.right * width, script.slug).toBeLessThanOrEqual(POSTER.right);
      }
    }
  });
});
