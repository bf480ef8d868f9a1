/**
 * The loop: a circular buffer with a dry bus and sends to a delay and a reverb, and the master
 * that sums them into the finished mono signal.
 */

import { rms } from './measure.mjs';
import { highpass, lowpass, SR } from './signal.mjs';

const TARGET_RMS_DB = -20;
const CEILING_DB = -2;

export class Loop {
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
export function circular(input, process) {
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
export function master(loop, { room, damp, echoTime = 0.5, echoFeedback = 0.4, cutoff = 9000 }) {
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
function softLimit(x, knee, ceiling) {
  const m = Math.abs(x);
  if (m <= knee) return x;
  return Math.sign(x) * (knee + (ceiling - knee) * Math.tanh((m - knee) / (ceiling - knee)));
}
