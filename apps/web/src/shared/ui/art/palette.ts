import type { ScriptType } from '@taleforge/contracts/constants';

/** Sky top, sky middle, horizon, glow (moon, windows, sparkles). */
export type Palette = readonly [string, string, string, string];
export type Scene = 'peaks' | 'city' | 'hills';

export const PALETTES: Record<ScriptType | 'default', Palette> = {
  SUSPENSE: ['#08131f', '#123645', '#2d6b70', '#c4f5ea'],
  CHALLENGE: ['#220a1c', '#5f1a2d', '#d2603a', '#ffd592'],
  HEROES: ['#0c1444', '#22388c', '#5585d8', '#ffe29a'],
  LEGENDS: ['#1a0e3b', '#4a2478', '#b8588a', '#ffd27d'],
  MAGIC: ['#130937', '#3a1c8a', '#7b52e2', '#a6f2ff'],
  FUTURE: ['#06112b', '#0e3a69', '#1bb3c8', '#ff77da'],
  ROMANCE: ['#280d2d', '#762456', '#ef8aa7', '#ffe3ec'],
  DREAMS: ['#1b1646', '#4848a6', '#a89bf0', '#fff3c6'],
  REBELLION: ['#170507', '#560f15', '#c0392b', '#ffb46c'],
  CREATIVITY: ['#0a272d', '#1c6964', '#e1b24a', '#fff1b3'],
  COMEDY: ['#2a1948', '#cf567a', '#ffb658', '#fff5c6'],
  default: ['#120b36', '#3a2287', '#8a62f0', '#ffd98a'],
};

export const SCENES: Record<ScriptType | 'default', Scene> = {
  SUSPENSE: 'peaks',
  CHALLENGE: 'city',
  HEROES: 'peaks',
  LEGENDS: 'peaks',
  MAGIC: 'peaks',
  FUTURE: 'city',
  ROMANCE: 'hills',
  DREAMS: 'hills',
  REBELLION: 'city',
  CREATIVITY: 'hills',
  COMEDY: 'hills',
  default: 'peaks',
};

const toRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};

/** Linear blend of two #rrggbb colours; t = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = toRgb(a);
  const [br, bg, bb] = toRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

/** Small seeded PRNG (mulberry32 over an FNV-1a hash): the same title always draws the same art. */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
