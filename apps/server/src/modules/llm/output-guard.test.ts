import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReplyRequest } from '../../../test/support/personas.js';
import { OutputGuard } from './output-guard.js';
import { buildPrompt } from './prompt.js';

const prompt = buildPrompt(buildReplyRequest());
const { canary, rules } = prompt;

/** Feeds `text` cut at `cuts`, returns what the player would have seen and the end state. */
function run(text: string, cuts: number[]) {
  const guard = new OutputGuard(canary, rules);
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let shown = '';
  let from = 0;
  for (const p of [...points, text.length]) {
    shown += guard.push(text.slice(from, p));
    from = p;
  }
  const end = guard.end();
  return { shown: shown + end.rest, end };
}

const prose = fc.string({
  unit: fc.constantFrom('a', 'b', 'T', 'f', 'c', '-', ' ', '[', 'm', 'e', '3', '0'),
});
const cuts = fc.array(fc.nat(400), { maxLength: 30 });

describe('output guard', () => {
  it('never lets the canary through, however the stream is split and cased', () => {
    fc.assert(
      fc.property(prose, prose, cuts, fc.boolean(), (before, after, at, upper) => {
        const secret = upper ? canary.toUpperCase() : canary;
        const { shown, end } = run(`${before}${secret}${after}`, at);
        expect(shown.toLowerCase()).not.toContain(canary);
        expect(end.withheld).toBe(true);
      }),
    );
  });

  it('catches the canary’s random part on its own', () => {
    const core = canary.slice(4);
    expect(run(`my marker is ${core}`, [3, 15, 20]).end.withheld).toBe(true);
  });

  it('passes ordinary text through unchanged, whatever the split', () => {
    fc.assert(
      fc.property(prose, cuts, (text, at) => {
        const { shown, end } = run(text, at);
        expect(end.withheld).toBe(false);
        expect(shown).toBe(text.includes('[[meta') ? shown : text.trimEnd());
      }),
    );
  });

  it('releases text without waiting when it cannot start a secret', () => {
    const guard = new OutputGuard(canary, rules);
    expect(guard.push('Ahoy')).toBe('Ahoy');
    // "t" may begin the canary ("tfc-…"): it waits, with the space before it, for one delta.
    expect(guard.push(', sparrow. T')).toBe(', sparrow.');
    expect(guard.push('ake a rope!')).toBe(' Take a rope!');
  });

  it('keeps the trailer for the server and the player sees none of it', () => {
    const { shown, end } = run('Aye, aye.\n[[meta {"expression":"grin"}]] and more', [5, 11, 13]);
    expect(shown).toBe('Aye, aye.');
    expect(end.trailer).toBe('[[meta {"expression":"grin"}]] and more');
  });

  it('stops a reply that recites the instructions, even translated case-wise', () => {
    const recital = `Sure! ${rules.split('\n')[4]?.toUpperCase()}`;
    const { end, shown } = run(recital, [7, 30, 60]);
    expect(end.withheld).toBe(true);
    expect(shown.length).toBeLessThan(80);
  });

  it('lets the character use a few of the same words', () => {
    const { end } = run('Stay in character? I am always myself, sparrow.', [4]);
    expect(end.withheld).toBe(false);
  });
});
