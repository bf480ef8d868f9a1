import { bass, bell, brush, epiano } from '../instruments.mjs';
import { Loop, master } from '../mix.mjs';
import { hz } from '../signal.mjs';
import { performer, rain } from './performance.mjs';

/** The café: F major lo-fi jazz, Rhodes and upright, swung brushes, a music box, rain outside. */
export function secondChanceCafe(rng) {
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
