import { bass, bell, brush, epiano, foghorn } from '../instruments.mjs';
import { Loop, master } from '../mix.mjs';
import { hz } from '../signal.mjs';
import { performer, rain } from './performance.mjs';

/** The noir bank at night: D minor, a slow Rhodes over rain, a lonely vibraphone, a foghorn. */
export function lanternLedger(rng) {
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
