import type { ScriptType } from '@taleforge/contracts/constants';
import { mix, PALETTES, type Palette, SCENES, seededRandom } from './palette';

export type SceneShape =
  | { kind: 'path'; d: string; fill: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string; opacity?: number };

export type SceneModel = {
  palette: Palette;
  moon: { x: number; y: number; r: number };
  stars: { x: number; y: number; r: number; opacity: number }[];
  layers: SceneShape[];
  sparkles: { x: number; y: number; s: number }[];
};

const NIGHT = '#05030f';
const round = (n: number) => Math.round(n * 10) / 10;

function ridge(
  rand: () => number,
  w: number,
  base: number,
  amp: number,
  steps: number,
  smooth: boolean,
) {
  const step = w / steps;
  let d = `M0 ${round(base)}`;
  for (let i = 1; i <= steps; i++) {
    const x = i * step;
    const y = base - amp * (0.35 + rand() * 0.65);
    d += smooth
      ? ` Q${round(x - step / 2)} ${round(y - amp * 0.35)} ${round(x)} ${round(y)}`
      : ` L${round(x - step / 2)} ${round(y)} L${round(x)} ${round(base - amp * rand() * 0.3)}`;
  }
  return d;
}

/** Pure description of a generated cover, so the drawing logic stays out of the component. */
export function buildScene(
  seed: string,
  genre: ScriptType | null,
  w: number,
  h: number,
): SceneModel {
  const rand = seededRandom(`${seed}|${genre ?? ''}`);
  const palette = PALETTES[genre ?? 'default'];
  const scene = SCENES[genre ?? 'default'];
  const unit = Math.min(w, h);

  const wide = w > h * 1.5;
  // Wide art sits behind text on the left, so its moon keeps to the right; other shapes get
  // cropped top and bottom by their frames, so their moon stays clear of the top edge.
  const moon = {
    x: w * (wide ? 0.62 + rand() * 0.26 : 0.2 + rand() * 0.6),
    y: h * (wide ? 0.2 + rand() * 0.12 : 0.24 + rand() * 0.12),
    r: unit * (wide ? 0.06 + rand() * 0.03 : 0.06 + rand() * 0.04),
  };
  const stars = Array.from({ length: Math.round((w * h) / 4200) }, () => ({
    x: round(rand() * w),
    y: round(rand() * h * 0.6),
    r: round(0.5 + rand() * 1.3),
    opacity: round(0.25 + rand() * 0.7),
  }));

  const layers: SceneShape[] = [];
  const depths = [0.58, 0.7, 0.82];
  depths.forEach((depth, index) => {
    const fill = mix(mix(palette[2], palette[1], 0.35), NIGHT, 0.35 + index * 0.25);
    if (scene === 'city' && index > 0) {
      let x = -rand() * 20;
      while (x < w) {
        const bw = unit * (0.07 + rand() * 0.12);
        const bh = h * (0.12 + rand() * 0.3) * (index === 2 ? 0.8 : 1);
        const top = h * depth - bh + h * 0.1;
        layers.push({
          kind: 'rect',
          x: round(x),
          y: round(top),
          w: round(bw),
          h: round(h - top),
          fill,
        });
        for (let wy = top + 8; wy < h - 10; wy += unit * 0.05) {
          if (rand() < 0.22) {
            const size = unit * 0.018;
            layers.push({
              kind: 'rect',
              x: round(x + bw * (0.2 + rand() * 0.55)),
              y: round(wy),
              w: round(size),
              h: round(size * 1.4),
              fill: palette[3],
              opacity: 0.75,
            });
          }
        }
        x += bw + rand() * unit * 0.02;
      }
      return;
    }
    const d = ridge(
      rand,
      w,
      h * depth,
      h * (0.16 - index * 0.03),
      5 + Math.round(rand() * 4),
      scene !== 'peaks',
    );
    layers.push({ kind: 'path', d: `${d} L${w} ${h} L0 ${h}Z`, fill });
  });

  const sparkles =
    genre === 'MAGIC' || genre === 'DREAMS' || genre === 'LEGENDS' || genre === null
      ? Array.from({ length: 5 }, () => ({
          x: round(rand() * w),
          y: round(h * (0.3 + rand() * 0.4)),
          s: round(Math.min(unit * (0.01 + rand() * 0.012), 7)),
        }))
      : [];

  return { palette, moon, stars, layers, sparkles };
}
