import { bass, bell, flute, pad } from '../instruments.mjs';
import { Loop, master } from '../mix.mjs';
import { hz, lowpass, SR } from '../signal.mjs';
import { performer } from './performance.mjs';

/** The academy: D Lydian waltz, celesta arpeggios, strings, a flute, a fire that crackles. */
export function emberAcademy(rng) {
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
