import { arp, bell, flute, pad } from '../instruments.mjs';
import { Loop, master } from '../mix.mjs';
import { hz, SR, TAU } from '../signal.mjs';
import { performer } from './performance.mjs';

/** The station: A minor drones, a sequencer ticking through a delay, sonar, a humming machine. */
export function keplerDock(rng) {
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
