import { describe, expect, it } from 'vitest';
import { cueText } from './cue-text';

const trackWith = (...texts: string[]) =>
  ({ activeCues: texts.map((text) => ({ text })) }) as unknown as TextTrack;

describe('the subtitle shown', () => {
  it('is the active cues’ words, a line each, and nothing between cues', () => {
    expect(cueText(trackWith('There is no platform here.'))).toBe('There is no platform here.');
    expect(cueText(trackWith('One.', ' Two. '))).toBe('One.\nTwo.');
    expect(cueText(trackWith())).toBeNull();
    expect(cueText({ activeCues: null } as unknown as TextTrack)).toBeNull();
  });
});
