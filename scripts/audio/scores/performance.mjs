/**
 * What every score uses: a performer that places notes loosely, and rain.
 * Times are in beats from the loop's start; a score's `bar` turns bar + beat into beats.
 */

import { circular } from '../mix.mjs';
import { declick, highpass, hz, lowpass, SR, TAU } from '../signal.mjs';

/** Places notes with a little human looseness in time and force. */
export function performer(loop, bpm, rng) {
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
export function rain(loop, rng, { level, cutoff, drops }) {
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
