import { createHash } from 'node:crypto';
import type { StudioCharacter } from '@taleforge/contracts';

const SKIN = ['#f1c9a5', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d9a066'];
const HAIR = ['#2b1b12', '#6b3e26', '#b8860b', '#d4d4d4', '#1f2a44', '#8b2e2e', '#e8c07d'];
const EYES = ['#3b5b7a', '#4a7a3b', '#5a3b1f', '#2e2e2e', '#7a3b6b'];
const ACCENT = ['#3f6fb5', '#b5473f', '#3fb57a', '#b59a3f', '#7a3fb5', '#3f9fb5'];
const STYLES = ['short', 'long', 'bun', 'spiky', 'hood'] as const;

/** A portrait drawn from our art for an imported character: the same name always gets the same face. */
export function faceFor(name: string): StudioCharacter['face'] {
  const hash = createHash('sha256').update(name).digest();
  const pick = <T>(list: readonly T[], i: number) => list[hash[i]! % list.length]!;
  return {
    skin: pick(SKIN, 0),
    hair: pick(HAIR, 1),
    hairStyle: pick(STYLES, 2),
    eyes: pick(EYES, 3),
    accent: pick(ACCENT, 4),
  };
}
