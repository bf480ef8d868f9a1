import { describe, expect, it, vi } from 'vitest';
import { toWireComponents } from './collect-signals';

describe('toWireComponents', () => {
  it('keeps the {value} / {error} shape the server reads, without timings', () => {
    const wire = toWireComponents(
      {
        timezone: { value: 'Asia/Tokyo', duration: 1 },
        languages: { value: [['ja-JP']], duration: 0 },
        audio: { error: new Error('suspended'), duration: 3 },
      },
      () => 'unused',
    );
    expect(wire).toEqual({
      timezone: { value: 'Asia/Tokyo' },
      languages: { value: [['ja-JP']] },
      audio: { error: 'Error: suspended' },
    });
  });

  it('replaces large values by their hash so the payload stays small', () => {
    const hash = vi.fn(() => 'h123');
    const canvas = {
      value: { geometry: `data:image/png;base64,${'A'.repeat(4000)}` },
      duration: 5,
    };
    const wire = toWireComponents({ canvas }, hash);
    expect(wire).toEqual({ canvas: { value: { hash: 'h123' } } });
    expect(hash).toHaveBeenCalledWith({ canvas });
  });
});
