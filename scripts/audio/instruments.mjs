/**
 * Instruments: each renders one note into a fresh buffer.
 */

import { adsr, declick, gated, highpass, lowpass, SR, TAU } from './signal.mjs';

/** Electric piano: 1:1 FM whose index falls after the strike, plus a faint high "tine". */
export function epiano(f, gate, { vel = 1, bright = 1 } = {}) {
  const rel = 0.5;
  const out = new Float64Array(Math.ceil((gate + rel) * SR));
  const decay = 2.4 * (220 / f) ** 0.35;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const index = bright * (1.3 * Math.exp(-t * 2.8) + 0.22);
    const body = Math.sin(TAU * f * t + index * Math.sin(TAU * f * t));
    const tine = 0.08 * bright * Math.exp(-t * 20) * Math.sin(TAU * f * 7 * t);
    const env = Math.min(1, t / 0.004) * Math.exp(-t / decay) * adsr(t, gate, gated(rel));
    out[i] = vel * env * (body + tine);
  }
  return declick(out);
}

/** Struck metal (celesta, vibraphone, music box): inharmonic FM, fast-falling brightness. */
export function bell(f, { vel = 1, decay = 1.2, ratio = 3.5, index = 1.6, tremolo = 0 } = {}) {
  const out = new Float64Array(Math.ceil(decay * 5 * SR));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const mod = index * Math.exp(-t * 7) * Math.sin(TAU * f * ratio * t);
    const tone =
      Math.sin(TAU * f * t + mod) + 0.25 * Math.exp(-t * 3) * Math.sin(TAU * f * 2.01 * t);
    const trem = 1 - tremolo * (0.5 + 0.5 * Math.sin(TAU * 5.2 * t));
    out[i] = vel * Math.min(1, t / 0.002) * Math.exp(-t / decay) * trem * tone;
  }
  return declick(out);
}

/** Band-limited single-cycle tables, cached by shape and harmonic count. */
const tables = new Map();
function wavetable(shape, harmonics) {
  const key = `${shape}:${harmonics}`;
  if (!tables.has(key)) {
    const size = 2048;
    const table = new Float64Array(size + 1);
    for (let k = 1; k <= harmonics; k++) {
      if (shape === 'square' && k % 2 === 0) continue;
      const amp = 1 / k;
      for (let i = 0; i <= size; i++) table[i] += amp * Math.sin((TAU * k * i) / size);
    }
    tables.set(key, table);
  }
  return tables.get(key);
}

function readTable(table, phase) {
  const x = (phase - Math.floor(phase)) * (table.length - 1);
  const i = Math.floor(x);
  return table[i] + (table[i + 1] - table[i]) * (x - i);
}

/**
 * Slow pad: three detuned saws per note through a low-pass, long attack and release. `bright` is
 * the cutoff in Hz.
 */
export function pad(
  notes,
  gate,
  rng,
  { vel = 1, a = 1.4, r = 2.2, bright = 1400, detune = 0.005 } = {},
) {
  const out = new Float64Array(Math.ceil((gate + r) * SR));
  for (const f of notes) {
    const table = wavetable('saw', Math.max(1, Math.min(40, Math.floor(9000 / f))));
    for (const cents of [-detune, 0, detune]) {
      const lp1 = lowpass(bright);
      const lp2 = lowpass(bright * 1.5);
      let phase = rng();
      const step = (f * (1 + cents)) / SR;
      for (let i = 0; i < out.length; i++) {
        phase += step;
        out[i] += lp2(lp1(readTable(table, phase)));
      }
    }
  }
  const scale = vel / (3 * Math.sqrt(notes.length));
  for (let i = 0; i < out.length; i++) {
    out[i] *= scale * adsr(i / SR, gate, { a, d: 0.5, s: 0.85, r });
  }
  return declick(out);
}

/** Plucked or bowed low string: a sine with a short bright onset. */
export function bass(f, gate, { vel = 1, decay = 1.4 } = {}) {
  const rel = 0.18;
  const out = new Float64Array(Math.ceil((gate + rel) * SR));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const tone =
      Math.sin(TAU * f * t) +
      0.35 * Math.exp(-t * 5) * Math.sin(TAU * 2 * f * t) +
      0.12 * Math.exp(-t * 10) * Math.sin(TAU * 3 * f * t);
    const env = Math.min(1, t / 0.008) * Math.exp(-t / decay) * adsr(t, gate, gated(rel));
    out[i] = vel * env * tone;
  }
  return declick(out);
}

/** Breathy flute or humming voice: near-sine with vibrato that grows in, and breath noise. */
export function flute(
  f,
  gate,
  rng,
  { vel = 1, breath = 0.05, vibrato = 0.004, harmonics = 0.22 } = {},
) {
  const rel = 0.3;
  const out = new Float64Array(Math.ceil((gate + rel) * SR));
  const air = lowpass(2500);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const grow = Math.min(1, Math.max(0, (t - 0.25) / 0.4));
    phase += (f * (1 + vibrato * grow * Math.sin(TAU * 5.1 * t))) / SR;
    const tone =
      Math.sin(TAU * phase) +
      harmonics * Math.sin(TAU * 2 * phase) +
      harmonics * 0.3 * Math.sin(TAU * 3 * phase);
    const noise = air(rng() * 2 - 1) * breath * 6;
    out[i] = vel * adsr(t, gate, { a: 0.12, d: 0.2, s: 0.85, r: rel }) * (tone + noise);
  }
  return declick(out);
}

/** Sequencer voice: a square whose filter closes right after the strike. */
export function arp(f, gate, { vel = 1, snap = 14 } = {}) {
  const rel = 0.12;
  const out = new Float64Array(Math.ceil((gate + rel) * SR));
  const harmonics = Math.min(15, Math.floor(9000 / f));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const width = 1 + 7 * Math.exp(-t * snap);
    let y = 0;
    for (let k = 1; k <= harmonics; k += 2) {
      y += (Math.exp(-k / width) / k) * Math.sin(TAU * k * f * t);
    }
    out[i] = vel * adsr(t, gate, { a: 0.003, d: 0.15, s: 0.5, r: rel }) * y;
  }
  return declick(out);
}

/** Brushed snare or shaker: a short burst of band-passed noise. */
export function brush(rng, { vel = 1, decay = 0.06, tone = 5000 } = {}) {
  const out = new Float64Array(Math.ceil(decay * 6 * SR));
  const lp = lowpass(tone);
  const hp = highpass(1200);
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    out[i] = vel * Math.min(1, t / 0.006) * Math.exp(-t / decay) * hp(lp(rng() * 2 - 1));
  }
  return declick(out, 2);
}

/** A harbour foghorn far away: two detuned low saws through a dark filter. */
export function foghorn(f, gate, rng) {
  return pad([f, f * 1.5], gate, rng, { a: 0.7, r: 1.8, bright: 320, detune: 0.004 });
}
