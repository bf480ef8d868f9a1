#!/usr/bin/env node
/**
 * Renders each demo game's music: one seamless ambient loop per game, synthesized here from
 * oscillators and noise (no samples, no third-party material), written as
 * content/<slug>/audio/theme.mp3 (MP3, mono, 64 kbps). The MP3s are committed; CI never runs this.
 *
 * Regenerate (needs ffmpeg with libmp3lame: `apt-get install -y ffmpeg`):
 *
 *   node scripts/generate-audio.mjs                 # every game
 *   node scripts/generate-audio.mjs kepler-dock     # one or more by slug
 *
 * The output is deterministic (seeded random numbers, bit-exact encoder flags), so an unchanged
 * score gives unchanged files. How it stays seamless: the loop is an exact number of bars; notes
 * are written into a circular buffer, so a tail that runs past the end sounds over the start; and
 * every stateful effect (filters, delay, reverb) runs over the loop twice, keeping the second pass,
 * so its state at the first sample is the state it had at the last. After encoding, the MP3 is
 * decoded again and checked: peak below -1 dBFS, RMS between -24 and -16 dBFS, no DC offset, and
 * the jump from the last sample to the first no larger than ordinary sample-to-sample motion. A
 * failed check exits non-zero and names it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SR = 44100;
const TAU = 2 * Math.PI;
const CONTENT = fileURLToPath(new URL('../content', import.meta.url));
const TARGET_RMS_DB = -20;
const CEILING_DB = -2;

// ---------------------------------------------------------------------------------------------
// Basics: seeded random numbers, pitch names, envelopes, one-pole filters.

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
const gated = (r) => ({ a: 0.0001, d: 0, s: 1, r });

const onePoleCoef = (cutoff) => 1 - Math.exp((-TAU * cutoff) / SR);

function lowpass(cutoff) {
  const k = onePoleCoef(cutoff);
  let y = 0;
  return (x) => {
    y += k * (x - y);
    return y;
  };
}

function highpass(cutoff) {
  const lp = lowpass(cutoff);
  return (x) => x - lp(x);
}

/** A few milliseconds of fade at both ends, so no note starts or stops with a click. */
function declick(out, ms = 4) {
  const n = Math.min(Math.floor((ms / 1000) * SR), out.length >> 1);
  for (let i = 0; i < n; i++) {
    out[i] *= i / n;
    out[out.length - 1 - i] *= i / n;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Instruments: each renders one note into a fresh buffer.

/** Electric piano: 1:1 FM whose index falls after the strike, plus a faint high "tine". */
function epiano(f, gate, { vel = 1, bright = 1 } = {}) {
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
function bell(f, { vel = 1, decay = 1.2, ratio = 3.5, index = 1.6, tremolo = 0 } = {}) {
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
function pad(notes, gate, rng, { vel = 1, a = 1.4, r = 2.2, bright = 1400, detune = 0.005 } = {}) {
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
function bass(f, gate, { vel = 1, decay = 1.4 } = {}) {
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
function flute(f, gate, rng, { vel = 1, breath = 0.05, vibrato = 0.004, harmonics = 0.22 } = {}) {
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
function arp(f, gate, { vel = 1, snap = 14 } = {}) {
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
function brush(rng, { vel = 1, decay = 0.06, tone = 5000 } = {}) {
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
function foghorn(f, gate, rng) {
  return pad([f, f * 1.5], gate, rng, { a: 0.7, r: 1.8, bright: 320, detune: 0.004 });
}

// ---------------------------------------------------------------------------------------------
// The loop: a circular buffer with a dry bus and sends to a delay and a reverb.

class Loop {
  constructor(seconds) {
    this.length = Math.round(seconds * SR);
    this.dry = new Float64Array(this.length);
    this.verb = new Float64Array(this.length);
    this.echo = new Float64Array(this.length);
  }

  /** Adds a note at `at` seconds; whatever runs past the end sounds again from the start. */
  add(samples, at, { gain = 1, verb = 0.2, echo = 0, dry = 1 } = {}) {
    const L = this.length;
    const start = (((Math.round(at * SR) % L) + L) % L) | 0;
    for (let i = 0; i < samples.length; i++) {
      const j = (start + i) % L;
      const v = samples[i] * gain;
      this.dry[j] += v * dry;
      this.verb[j] += v * verb;
      this.echo[j] += v * echo;
    }
  }
}

/** Runs a stateful process over the loop twice and keeps the second pass: seamless by design. */
function circular(input, process) {
  const out = new Float64Array(input.length);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < input.length; i++) {
      const y = process(input[i]);
      if (pass === 1) out[i] = y;
    }
  }
  return out;
}

/** Schroeder/Freeverb reverb: eight damped combs in parallel, four all-passes in series. */
function reverb({ room = 0.84, damp = 0.3, predelay = 0.02 } = {}) {
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((n) => ({
    buf: new Float64Array(n),
    i: 0,
    store: 0,
  }));
  const passes = [556, 441, 341, 225].map((n) => ({ buf: new Float64Array(n), i: 0 }));
  const pre = new Float64Array(Math.max(1, Math.round(predelay * SR)));
  let p = 0;
  return (x) => {
    const input = pre[p] * 0.015;
    pre[p] = x;
    p = (p + 1) % pre.length;
    let out = 0;
    for (const c of combs) {
      const y = c.buf[c.i];
      c.store = y * (1 - damp) + c.store * damp;
      c.buf[c.i] = input + c.store * room;
      c.i = (c.i + 1) % c.buf.length;
      out += y;
    }
    for (const a of passes) {
      const b = a.buf[a.i];
      a.buf[a.i] = out + b * 0.5;
      a.i = (a.i + 1) % a.buf.length;
      out = b - out;
    }
    return out * 3;
  };
}

/** Feedback delay with a low-pass in the loop, so each repeat is darker than the last. */
function delay(seconds, feedback, cutoff = 3000) {
  const buf = new Float64Array(Math.round(seconds * SR));
  const lp = lowpass(cutoff);
  let i = 0;
  return (x) => {
    const y = buf[i];
    buf[i] = x + lp(y) * feedback;
    i = (i + 1) % buf.length;
    return y;
  };
}

/** Sums the buses through their effects, filters gently, sets the level and limits the peaks. */
function master(loop, { room, damp, echoTime = 0.5, echoFeedback = 0.4, cutoff = 9000 }) {
  const echoed = circular(loop.echo, delay(echoTime, echoFeedback));
  const verbIn = loop.verb.map((v, i) => v + echoed[i] * 0.5);
  const wet = circular(verbIn, reverb({ room, damp }));
  let mix = loop.dry.map((v, i) => v + echoed[i] + wet[i]);
  const lp1 = lowpass(cutoff);
  const lp2 = lowpass(cutoff * 1.4);
  const hp = highpass(25);
  mix = circular(mix, (x) => hp(lp2(lp1(x))));
  const mean = mix.reduce((s, v) => s + v, 0) / mix.length;
  const gain = 10 ** (TARGET_RMS_DB / 20) / rms(mix.map((v) => v - mean));
  const ceiling = 10 ** (CEILING_DB / 20);
  const knee = ceiling * 0.75;
  return Float32Array.from(mix, (v) => softLimit((v - mean) * gain, knee, ceiling));
}

/** Straight below the knee; above it a tanh curve that never reaches the ceiling. */
export function softLimit(x, knee, ceiling) {
  const m = Math.abs(x);
  if (m <= knee) return x;
  return Math.sign(x) * (knee + (ceiling - knee) * Math.tanh((m - knee) / (ceiling - knee)));
}

// ---------------------------------------------------------------------------------------------
// Measurements.

export function rms(x) {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s / x.length);
}

const db = (v) => 20 * Math.log10(Math.max(v, 1e-12));

/** Levels and the seam: the step from the last sample to the first, against ordinary steps. */
export function analyse(x) {
  let peak = 0;
  let sum = 0;
  const steps = new Float64Array(x.length - 1);
  for (let i = 0; i < x.length; i++) {
    peak = Math.max(peak, Math.abs(x[i]));
    sum += x[i];
    if (i > 0) steps[i - 1] = Math.abs(x[i] - x[i - 1]);
  }
  steps.sort();
  return {
    peakDb: db(peak),
    rmsDb: db(rms(x)),
    dc: sum / x.length,
    seam: Math.abs(x[0] - x[x.length - 1]),
    stepP99: steps[Math.floor(steps.length * 0.99)],
  };
}

function problems(m) {
  const out = [];
  if (m.peakDb >= -1) out.push(`peak ${m.peakDb.toFixed(2)} dBFS is not below -1`);
  if (m.rmsDb < -24 || m.rmsDb > -16) out.push(`RMS ${m.rmsDb.toFixed(2)} dBFS outside -24..-16`);
  if (Math.abs(m.dc) > 1e-3) out.push(`DC offset ${m.dc.toExponential(2)}`);
  if (m.seam > m.stepP99) out.push(`seam step ${m.seam.toFixed(4)} > p99 step ${m.stepP99}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scores. Times are in beats from the loop's start; `bar` turns bar + beat into beats.

/** Places notes with a little human looseness in time and force. */
function performer(loop, bpm, rng) {
  const sec = (beats) => (beats * 60) / bpm;
  const loose = (amount) => (rng() * 2 - 1) * amount;
  return {
    sec,
    play(samples, beat, send, { jitter = 0.008 } = {}) {
      loop.add(samples, sec(beat) + loose(jitter), send);
    },
    vel: (v, spread = 0.08) => v * (1 + loose(spread)),
    /** A chord spread a few milliseconds, bottom to top, as a hand plays it. */
    strum(render, notes, beat, send, spread = 0.012) {
      for (const [i, n] of notes.entries()) {
        loop.add(render(hz(n)), sec(beat) + i * spread + loose(0.004), send);
      }
    },
  };
}

/** Light rain on glass: filtered noise that swells and ebbs, and single drops. */
function rain(loop, rng, { level, cutoff, drops }) {
  const L = loop.length;
  const seconds = L / SR;
  const lp1 = lowpass(cutoff);
  const lp2 = lowpass(cutoff);
  const hp = highpass(450);
  const noise = Float64Array.from({ length: L }, () => rng() * 2 - 1);
  const hiss = circular(noise, (x) => hp(lp2(lp1(x))));
  for (let i = 0; i < L; i++) {
    // Swells whose periods divide the loop, so the level at the seam matches.
    const u = i / L;
    const swell = 1 + 0.25 * Math.sin(TAU * 2 * u) + 0.12 * Math.sin(TAU * 5 * u + 1.3);
    hiss[i] *= level * swell;
  }
  loop.add(hiss, 0, { verb: 0.15 });
  for (let k = 0; k < drops * seconds; k++) {
    const f = 1800 + rng() * 3800;
    const len = Math.round(SR * (0.004 + rng() * 0.012));
    const drop = Float64Array.from({ length: len }, (_, i) => {
      const t = i / SR;
      return Math.sin(TAU * f * t * (1 - t * 8)) * Math.exp(-t * 400);
    });
    loop.add(declick(drop, 1), rng() * seconds, { gain: level * (0.6 + rng() * 2), verb: 0.3 });
  }
}

/** The noir bank at night: D minor, a slow Rhodes over rain, a lonely vibraphone, a foghorn. */
function lanternLedger(rng) {
  const bpm = 66;
  const loop = new Loop((8 * 4 * 60) / bpm);
  const p = performer(loop, bpm, rng);
  const bar = (b, beat = 0) => b * 4 + beat;
  const chords = [
    [['F3', 'A3', 'C4', 'E4'], 'D2', 'A1'],
    [['D3', 'F3', 'A3', 'E4'], 'Bb1', 'F2'],
    [['F3', 'A3', 'Bb3', 'D4'], 'G1', 'D2'],
    [['G3', 'Bb3', 'C#4', 'E4'], 'A1', 'E2'],
    [['F3', 'A3', 'C4', 'E4'], 'D2', 'A1'],
    [['D3', 'F3', 'A3', 'E4'], 'Bb1', 'F2'],
    [['D3', 'G3', 'Bb3', 'E4'], 'E2', 'Bb1'],
    [['G3', 'Bb3', 'C#4', 'F4'], 'A1', 'C#2'],
  ];
  chords.forEach(([voicing, root, second], b) => {
    const ep = (gate, vel) => (f) => epiano(f, p.sec(gate), { vel: p.vel(vel), bright: 0.8 });
    p.strum(ep(2.2, 0.32), voicing, bar(b), { verb: 0.35 });
    if (b % 2 === 1) p.strum(ep(0.8, 0.2), voicing.slice(1), bar(b, 2.5), { verb: 0.35 });
    p.play(bass(hz(root), p.sec(1.8), { vel: p.vel(0.4) }), bar(b), { verb: 0.1 });
    p.play(bass(hz(second), p.sec(1.6), { vel: p.vel(0.32) }), bar(b, 2), { verb: 0.1 });
    // Brushes on two and four, barely there.
    for (const beat of [1, 3]) {
      p.play(brush(rng, { vel: p.vel(0.16, 0.2), decay: 0.09, tone: 4200 }), bar(b, beat), {
        verb: 0.2,
      });
    }
  });
  const tune = [
    [0, 1, 'A4'],
    [0, 2, 'C5'],
    [0, 3, 'E5'],
    [1, 2, 'D5'],
    [1, 3, 'C5'],
    [2, 0, 'Bb4'],
    [2, 2, 'A4'],
    [3, 1, 'C#5'],
    [3, 2, 'E5'],
    [3, 3, 'G5'],
    [4, 0.5, 'F5'],
    [4, 3, 'E5'],
    [5, 0, 'D5'],
    [5, 2, 'A4'],
    [6, 1, 'G4'],
    [6, 2, 'Bb4'],
    [6, 3, 'D5'],
    [7, 0, 'C#5'],
  ];
  for (const [b, beat, note] of tune) {
    const vibes = bell(hz(note), {
      vel: p.vel(0.3),
      decay: 1.6,
      ratio: 4,
      index: 0.7,
      tremolo: 0.35,
    });
    p.play(vibes, bar(b, beat), { verb: 0.45, echo: 0.18 });
  }
  p.play(foghorn(hz('D2'), p.sec(3), rng), bar(4), { gain: 0.45, verb: 0.9, dry: 0.4 });
  rain(loop, rng, { level: 0.075, cutoff: 3800, drops: 9 });
  return master(loop, {
    room: 0.86,
    damp: 0.45,
    echoTime: p.sec(0.75),
    echoFeedback: 0.35,
    cutoff: 7000,
  });
}

/** The academy: D Lydian waltz, celesta arpeggios, strings, a flute, a fire that crackles. */
function emberAcademy(rng) {
  const bpm = 84;
  const loop = new Loop((12 * 3 * 60) / bpm);
  const p = performer(loop, bpm, rng);
  const bar = (b, beat = 0) => b * 3 + beat;
  const chords = [
    [['D3', 'A3', 'F#4'], 'D2', ['D5', 'F#5', 'A5', 'D6']],
    [['E3', 'B3', 'G#4'], 'D2', ['E5', 'G#5', 'B5', 'E6']],
    [['D3', 'A3', 'F#4', 'C#5'], 'D2', ['D5', 'F#5', 'A5', 'C#6']],
    [['E3', 'B3', 'G#4'], 'D2', ['E5', 'G#5', 'B5', 'E6']],
    [['B2', 'F#3', 'A3', 'D4'], 'B1', ['B4', 'D5', 'F#5', 'A5']],
    [['G2', 'D3', 'F#3', 'B3'], 'G1', ['B4', 'D5', 'F#5', 'B5']],
    [['E3', 'G3', 'B3', 'F#4'], 'E2', ['E5', 'G5', 'B5', 'F#6']],
    [['A2', 'E3', 'C#4', 'A3'], 'A1', ['A4', 'C#5', 'E5', 'A5']],
    [['D3', 'A3', 'F#4'], 'D2', ['D5', 'F#5', 'A5', 'D6']],
    [['E3', 'B3', 'G#4'], 'D2', ['E5', 'G#5', 'B5', 'E6']],
    [['G2', 'B3', 'D4', 'F#4'], 'G1', ['G5', 'B5', 'D6', 'F#6']],
    [['A2', 'D3', 'E3', 'A3'], 'A1', ['A4', 'D5', 'E5', 'A5']],
  ];
  const pattern = [0, 1, 2, 3, 2, 1];
  chords.forEach(([strings, root, celesta], b) => {
    p.play(
      pad(strings.map(hz), p.sec(3), rng, { vel: 0.5, a: 0.9, r: 1.6, bright: 1700 }),
      bar(b),
      { verb: 0.4 },
      { jitter: 0 },
    );
    p.play(bass(hz(root), p.sec(2.5), { vel: p.vel(0.32), decay: 1.8 }), bar(b), { verb: 0.2 });
    pattern.forEach((idx, step) => {
      const accent = step === 0 ? 0.2 : step % 2 ? 0.1 : 0.14;
      const note = bell(hz(celesta[idx]), { vel: p.vel(accent), decay: 0.7, ratio: 4, index: 1 });
      p.play(note, bar(b, step / 2), { verb: 0.35, echo: 0.1 });
    });
  });
  const tune = [
    [0, 0, 'F#5', 2],
    [0, 2, 'A5', 1],
    [1, 0, 'G#5', 2],
    [1, 2, 'E5', 1],
    [2, 0, 'F#5', 3],
    [3, 0, 'E5', 1],
    [3, 1, 'F#5', 1],
    [3, 2, 'G#5', 1],
    [4, 0, 'B5', 2],
    [4, 2, 'A5', 1],
    [5, 0, 'F#5', 2],
    [5, 2, 'D5', 1],
    [6, 0, 'E5', 2],
    [6, 2, 'G5', 1],
    [7, 0, 'E5', 2],
    [7, 2, 'C#5', 1],
    [8, 0, 'D5', 2],
    [8, 2, 'F#5', 1],
    [9, 0, 'G#5', 1],
    [9, 1, 'B5', 1],
    [9, 2, 'A5', 1],
    [10, 0, 'A5', 1.5],
    [10, 1.5, 'F#5', 1.5],
    [11, 0, 'E5', 3],
  ];
  for (const [b, beat, note, len] of tune) {
    const voice = flute(hz(note), p.sec(len) * 0.95, rng, { vel: p.vel(0.17, 0.05) });
    p.play(voice, bar(b, beat), { verb: 0.4, echo: 0.08 });
  }
  // The fire: sparse crackles, each a few milliseconds of noise.
  const seconds = loop.length / SR;
  for (let k = 0; k < seconds * 3; k++) {
    const len = Math.round(SR * (0.002 + rng() * 0.006));
    const lp = lowpass(2500 + rng() * 3000);
    const crack = Float64Array.from({ length: len }, (_, i) => lp(rng() * 2 - 1) * (1 - i / len));
    loop.add(crack, rng() * seconds, { gain: 0.12 + rng() * 0.2, verb: 0.1 });
  }
  return master(loop, {
    room: 0.85,
    damp: 0.3,
    echoTime: p.sec(1),
    echoFeedback: 0.3,
    cutoff: 9000,
  });
}

/** The station: A minor drones, a sequencer ticking through a delay, sonar, a humming machine. */
function keplerDock(rng) {
  const bpm = 72;
  const loop = new Loop((8 * 4 * 60) / bpm);
  const p = performer(loop, bpm, rng);
  const bar = (b, beat = 0) => b * 4 + beat;
  const chords = [
    [
      ['A2', 'E3', 'B3', 'C4', 'G4'],
      ['A4', 'C5', 'E5', 'B5'],
    ],
    [
      ['F2', 'C3', 'E3', 'A3', 'B3'],
      ['F4', 'A4', 'C5', 'E5'],
    ],
    [
      ['C3', 'G3', 'B3', 'D4', 'E4'],
      ['G4', 'B4', 'D5', 'E5'],
    ],
    [
      ['E2', 'B2', 'D3', 'F#3', 'G3'],
      ['E4', 'G4', 'B4', 'D5'],
    ],
  ];
  // The drone: sub sines tuned to a whole number of cycles per loop, with one slow swell.
  const cycles = (f) => Math.round((f * loop.length) / SR);
  const drone = Float64Array.from({ length: loop.length }, (_, i) => {
    const u = i / loop.length;
    const swell = 0.75 + 0.25 * Math.sin(TAU * u);
    return (
      swell * (Math.sin(TAU * cycles(hz('A1')) * u) + 0.3 * Math.sin(TAU * cycles(hz('E2')) * u))
    );
  });
  loop.add(drone, 0, { gain: 0.16, verb: 0.05 });
  const order = [0, 1, 2, 3, 2, 1, 3, 2];
  chords.forEach(([voicing, tones], c) => {
    p.play(
      pad(voicing.map(hz), p.sec(7.4), rng, { vel: 0.55, a: 2.2, r: 2.8, bright: 900 }),
      bar(c * 2),
      { verb: 0.5 },
      { jitter: 0 },
    );
    for (let step = 0; step < 32; step++) {
      const v = [0.26, 0.11, 0.17, 0.11][step % 4];
      const note = arp(hz(tones[order[step % 8]]), p.sec(0.2), { vel: p.vel(v), snap: 16 });
      p.play(note, bar(c * 2) + step / 4, { verb: 0.2, echo: 0.35 }, { jitter: 0.002 });
    }
    // Sonar, once every two bars, answered by the delay.
    const ping = bell(hz(c % 2 ? 'E6' : 'A5'), { vel: 0.2, decay: 1.4, ratio: 1, index: 0.3 });
    p.play(ping, bar(c * 2, 0.5), { verb: 0.7, echo: 0.6 });
  });
  // The song nobody taught it, hummed over the second half.
  const hum = [
    [4, 0, 'E5', 1.5],
    [4, 1.5, 'G5', 0.5],
    [4, 2, 'A5', 2],
    [5, 0, 'B5', 1],
    [5, 1, 'A5', 1],
    [5, 2, 'G5', 2],
    [6, 0, 'E5', 3],
    [6, 3, 'D5', 1],
    [7, 0, 'E5', 3.5],
  ];
  for (const [b, beat, note, len] of hum) {
    const voice = flute(hz(note), p.sec(len) * 0.97, rng, {
      vel: p.vel(0.16, 0.04),
      breath: 0.01,
      vibrato: 0.006,
      harmonics: 0.1,
    });
    p.play(voice, bar(b, beat), { verb: 0.55, echo: 0.2 });
  }
  // Data chatter: short high blips on the sixteenth grid.
  for (let k = 0; k < 14; k++) {
    const step = Math.floor(rng() * 128);
    const blip = bell(hz(['A6', 'E7', 'C7', 'B6'][k % 4]), {
      vel: 0.05,
      decay: 0.05,
      ratio: 2,
      index: 2,
    });
    p.play(blip, step / 4, { verb: 0.4, echo: 0.4 }, { jitter: 0 });
  }
  return master(loop, {
    room: 0.88,
    damp: 0.25,
    echoTime: p.sec(0.75),
    echoFeedback: 0.5,
    cutoff: 9000,
  });
}

/** The café: F major lo-fi jazz, Rhodes and upright, swung brushes, a music box, rain outside. */
function secondChanceCafe(rng) {
  const bpm = 72;
  const loop = new Loop((8 * 4 * 60) / bpm);
  const p = performer(loop, bpm, rng);
  const bar = (b, beat = 0) => b * 4 + beat;
  const swing = 2 / 3;
  const changes = [
    [[['A3', 'C4', 'E4', 'G4'], 'F2', 0, 4]],
    [
      [['G3', 'B3', 'D4', 'E4'], 'E2', 0, 2],
      [['G3', 'C#4', 'E4'], 'A1', 2, 2],
    ],
    [[['F3', 'A3', 'C4', 'E4'], 'D2', 0, 4]],
    [
      [['Eb3', 'G3', 'Bb3', 'D4'], 'C2', 0, 2],
      [['Eb3', 'A3', 'C4', 'D4'], 'F2', 2, 2],
    ],
    [[['A3', 'C4', 'D4', 'F4'], 'Bb1', 0, 4]],
    [[['Ab3', 'Db4', 'F4', 'G4'], 'Bb1', 0, 4]],
    [
      [['G3', 'C4', 'E4'], 'A1', 0, 2],
      [['F#3', 'C4', 'Eb4'], 'D2', 2, 2],
    ],
    [
      [['F3', 'Bb3', 'D4', 'A4'], 'G1', 0, 2],
      [['E3', 'Bb3', 'D4', 'A4'], 'C2', 2, 2],
    ],
  ];
  changes.forEach((chords, b) => {
    for (const [voicing, root, at, len] of chords) {
      const ep = (gate, vel) => (f) => epiano(f, p.sec(gate), { vel: p.vel(vel), bright: 1 });
      p.strum(ep(len * 0.6, 0.3), voicing, bar(b, at), { verb: 0.25 });
      // The push on the swung "and" before the next chord.
      p.strum(ep(0.5, 0.16), voicing.slice(-2), bar(b, at + len - 1 + swing), { verb: 0.25 });
      p.play(bass(hz(root), p.sec(len === 4 ? 1.8 : 1.6), { vel: p.vel(0.4) }), bar(b, at), {
        verb: 0.08,
      });
      if (len === 4) {
        const fifth = hz(root) * 1.5;
        p.play(bass(fifth, p.sec(1.6), { vel: p.vel(0.32) }), bar(b, 2), { verb: 0.08 });
      }
    }
    for (let beat = 0; beat < 4; beat++) {
      p.play(brush(rng, { vel: p.vel(0.13, 0.2), decay: 0.07 }), bar(b, beat), { verb: 0.15 });
      p.play(brush(rng, { vel: p.vel(0.08, 0.2), decay: 0.04 }), bar(b, beat + swing), {
        verb: 0.15,
      });
    }
  });
  const tune = [
    [0, 1, 'A4'],
    [0, 1 + swing, 'C5'],
    [0, 2, 'E5'],
    [0, 3 + swing, 'D5'],
    [1, 0, 'E5'],
    [1, 1, 'D5'],
    [1, 1 + swing, 'B4'],
    [1, 2, 'C#5'],
    [1, 3 + swing, 'E5'],
    [2, 0, 'F5'],
    [2, 2, 'E5'],
    [2, 3, 'C5'],
    [3, 0, 'D5'],
    [3, 1, 'Bb4'],
    [3, 2, 'A4'],
    [3, 3 + swing, 'C5'],
    [4, 0, 'D5'],
    [4, 1 + swing, 'F5'],
    [4, 2, 'A5'],
    [5, 0, 'G5'],
    [5, 1, 'F5'],
    [5, 2, 'Db5'],
    [6, 0, 'C5'],
    [6, 1, 'E5'],
    [6, 2, 'Eb5'],
    [6, 3, 'C5'],
    [7, 0, 'Bb4'],
    [7, 1 + swing, 'A4'],
    [7, 2, 'G4'],
  ];
  for (const [b, beat, note] of tune) {
    const box = bell(hz(note) * 2, { vel: p.vel(0.2), decay: 0.9, ratio: 2, index: 0.9 });
    p.play(box, bar(b, beat), { verb: 0.35, echo: 0.12 });
  }
  rain(loop, rng, { level: 0.035, cutoff: 5200, drops: 5 });
  return master(loop, {
    room: 0.8,
    damp: 0.4,
    echoTime: p.sec(0.5 + swing / 2),
    echoFeedback: 0.3,
    cutoff: 8000,
  });
}

const SCORES = {
  'lantern-ledger': { render: lanternLedger, seed: 0x1a77e2 },
  'ember-academy': { render: emberAcademy, seed: 0xe3be2 },
  'kepler-dock': { render: keplerDock, seed: 0x4e91e2 },
  'second-chance-cafe': { render: secondChanceCafe, seed: 0xcafe },
};

// ---------------------------------------------------------------------------------------------
// Encoding and the checks on what the encoder made.

function ffmpeg(args, input) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], {
    input,
    maxBuffer: 1 << 28,
  });
  if (run.error) throw new Error(`ffmpeg: ${run.error.message} (apt-get install -y ffmpeg)`);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  return run.stdout;
}

function encode(samples, file) {
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const raw = ['-f', 'f32le', '-ar', String(SR), '-ac', '1', '-i', 'pipe:0'];
  const mp3 = ['-c:a', 'libmp3lame', '-b:a', '64k', '-ac', '1', '-map_metadata', '-1'];
  const exact = ['-fflags', '+bitexact', '-flags:a', '+bitexact'];
  ffmpeg(['-y', ...raw, ...mp3, ...exact, file], pcm);
}

function decode(file) {
  const out = ffmpeg(['-i', file, '-f', 'f32le', '-ac', '1', '-ar', String(SR), 'pipe:1']);
  return new Float32Array(out.buffer, out.byteOffset, out.byteLength / 4);
}

function main() {
  const wanted = process.argv.slice(2);
  const slugs = readdirSync(CONTENT).filter((s) => statSync(path.join(CONTENT, s)).isDirectory());
  const chosen = wanted.length ? wanted : slugs.filter((s) => SCORES[s]);
  let failed = false;
  for (const slug of chosen) {
    const score = SCORES[slug];
    if (!score) throw new Error(`no score for ${slug} (scores: ${Object.keys(SCORES).join(', ')})`);
    const pcm = score.render(mulberry32(score.seed));
    const dir = path.join(CONTENT, slug, 'audio');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'theme.mp3');
    encode(pcm, file);
    const decoded = decode(file);
    const before = analyse(pcm);
    const after = analyse(decoded);
    const issues = [...problems(before).map((p) => `pcm: ${p}`), ...problems(after)];
    if (Math.abs(decoded.length - pcm.length) > SR / 100) {
      issues.push(`decoded length ${decoded.length} samples, rendered ${pcm.length}`);
    }
    const kb = statSync(file).size / 1024;
    if (kb > 300) issues.push(`${kb.toFixed(0)} KB is over 300 KB`);
    console.log(
      `${slug.padEnd(20)} ${(pcm.length / SR).toFixed(2)} s  ${kb.toFixed(0)} KB  ` +
        `peak ${after.peakDb.toFixed(2)} dBFS  RMS ${after.rmsDb.toFixed(2)} dBFS  ` +
        `DC ${after.dc.toExponential(1)}  seam ${after.seam.toFixed(4)} (p99 step ` +
        `${after.stepP99.toFixed(4)}; pcm ${before.seam.toFixed(4)}/${before.stepP99.toFixed(4)})`,
    );
    for (const issue of issues) console.error(`  ✗ ${issue}`);
    failed ||= issues.length > 0;
  }
  if (failed) process.exit(1);
}

main();
