/**
 * Basics every part shares: the sample rate, seeded random numbers, pitch names, envelopes,
 * one-pole filters and the fade that keeps notes from clicking.
 */

export const SR = 44100;
export const TAU = 2 * Math.PI;

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEPS = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'A4' → 440 Hz; sharps and flats as 'F#3', 'Bb2'. */
export function hz(name) {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(name);
  if (!m) throw new Error(`bad note ${name}`);
  const midi = 12 * (Number(m[3]) + 1) + STEPS[m[1]] + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0);
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Linear attack, decay to sustain, hold until the gate closes, linear release. */
export function adsr(t, gate, { a, d, s, r }) {
  const held = (u) => (u < a ? u / a : u < a + d ? 1 - ((1 - s) * (u - a)) / d : s);
  if (t < gate) return held(t);
  return Math.max(0, held(gate) * (1 - (t - gate) / r));
}

/** Fully open while the gate is, then a linear release: for notes that shape their own decay. */
export const gated = (r) => ({ a: 0.0001, d: 0, s: 1, r });

const onePoleCoef = (cutoff) => 1 - Math.exp((-TAU * cutoff) / SR);

export function lowpass(cutoff) {
  const k = onePoleCoef(cutoff);
  let y = 0;
  return (x) => {
    y += k * (x - y);
    return y;
  };
}

export function highpass(cutoff) {
  const lp = lowpass(cutoff);
  return (x) => x - lp(x);
}

/** A few milliseconds of fade at both ends, so no note starts or stops with a click. */
export function declick(out, ms = 4) {
  const n = Math.min(Math.floor((ms / 1000) * SR), out.length >> 1);
  for (let i = 0; i < n; i++) {
    out[i] *= i / n;
    out[out.length - 1 - i] *= i / n;
  }
  return out;
}
