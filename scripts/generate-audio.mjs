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
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode } from './audio/ffmpeg.mjs';
import { analyse, problems } from './audio/measure.mjs';
import { SCORES } from './audio/scores/index.mjs';
import { mulberry32, SR } from './audio/signal.mjs';

// The parts, in scripts/audio/: signal.mjs (sample rate, random numbers, pitches, envelopes,
// filters), instruments.mjs (one note each), mix.mjs (the circular loop, its effects and the
// master), scores/ (one file per game, and what they share), measure.mjs and ffmpeg.mjs.

const CONTENT = fileURLToPath(new URL('../content', import.meta.url));

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
