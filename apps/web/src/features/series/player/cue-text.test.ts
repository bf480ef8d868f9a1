import { describe, expect, it } from 'vitest';
import { cueText } from './cue-text';

/** A cue whose getCueAsHTML gives its markup as nodes, as a browser's WebVTT parser does. */
const cueOf = (text: string) => ({
  text,
  getCueAsHTML: () => {
    const holder = document.createElement('template');
    holder.innerHTML = text;
    return holder.content;
  },
});
const trackWith = (...texts: string[]) =>
  ({ activeCues: texts.map(cueOf) }) as unknown as TextTrack;

describe('the subtitle shown', () => {
  it('is the active cues’ words, a line each, and nothing between cues', () => {
    expect(cueText(trackWith('There is no platform here.'))).toBe('There is no platform here.');
    expect(cueText(trackWith('One.', ' Two. '))).toBe('One.\nTwo.');
    expect(cueText(trackWith())).toBeNull();
    expect(cueText({ activeCues: null } as unknown as TextTrack)).toBeNull();
  });

  it('shows a cue’s words without its markup', () => {
    expect(cueText(trackWith('<v Mara>I <i>knew</i> it.</v>'))).toBe('I knew it.');
    expect(cueText(trackWith('<c.loud>Run!</c> <b>Now</b>'))).toBe('Run! Now');
  });
});
