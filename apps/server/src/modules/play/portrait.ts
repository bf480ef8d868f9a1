import type { Expression } from '@taleforge/contracts/constants';
import type { FaceStyle } from '../../platform/db/schema/index.js';

/*
 * Portraits are drawn here, from a few parameters per character: one face, twelve expressions
 * that change only brows, eyes, mouth and a small mark. Our own art, no assets to ship.
 */

const EYE_Y = 118;
const EYES_X = [78, 122] as const;

function openEyes(color: string, lid = 0): string {
  return EYES_X.map(
    (x) =>
      `<ellipse cx="${x}" cy="${EYE_Y}" rx="9" ry="${11 - lid}" fill="#fff"/>` +
      `<circle cx="${x}" cy="${EYE_Y + 1}" r="6" fill="${color}"/>` +
      `<circle cx="${x + 2}" cy="${EYE_Y - 2}" r="2" fill="#fff"/>`,
  ).join('');
}

const arcEyes = (dy: number) =>
  EYES_X.map(
    (x) =>
      `<path d="M${x - 9} ${EYE_Y + dy}q9 -12 18 0" stroke="#2b1d1a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  ).join('');

const lineEyes = EYES_X.map(
  (x) =>
    `<path d="M${x - 9} ${EYE_Y + 2}q9 6 18 0" stroke="#2b1d1a" stroke-width="4" fill="none" stroke-linecap="round"/>`,
).join('');

const heartEyes = EYES_X.map(
  (x) =>
    `<path d="M${x} ${EYE_Y + 9}l-10 -10a5.5 5.5 0 0 1 10 -6a5.5 5.5 0 0 1 10 6z" fill="#e8336d"/>`,
).join('');

const spiralEyes = EYES_X.map(
  (x) =>
    `<path d="M${x} ${EYE_Y}m-2 0a2 2 0 1 1 4 0a4 4 0 1 1 -8 0a6 6 0 1 1 12 0a8 8 0 1 1 -16 0" stroke="#2b1d1a" stroke-width="2.5" fill="none"/>`,
).join('');

function brows(kind: 'calm' | 'up' | 'angry' | 'raised' | 'soft', hair: string): string {
  const y = EYE_Y - 20;
  const shapes: Record<typeof kind, [string, string]> = {
    calm: [`M66 ${y}q12 -4 24 0`, `M110 ${y}q12 -4 24 0`],
    up: [`M66 ${y - 4}q12 -8 24 -2`, `M110 ${y - 6}q12 -6 24 2`],
    angry: [`M66 ${y - 6}l24 8`, `M134 ${y - 6}l-24 8`],
    raised: [`M66 ${y}q12 -4 24 0`, `M110 ${y - 10}q12 -6 24 0`],
    soft: [`M66 ${y + 2}q12 -8 24 -4`, `M110 ${y - 2}q12 -4 24 4`],
  };
  return shapes[kind]
    .map(
      (d) =>
        `<path d="${d}" stroke="${hair}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
}

const MOUTH_Y = 160;
const mouths = {
  flat: `<path d="M90 ${MOUTH_Y}h20" stroke="#7a2e2e" stroke-width="4" stroke-linecap="round"/>`,
  smile: `<path d="M86 ${MOUTH_Y - 2}q14 12 28 0" stroke="#7a2e2e" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  grin: `<path d="M80 ${MOUTH_Y - 4}q20 20 40 0z" fill="#fff" stroke="#7a2e2e" stroke-width="3.5" stroke-linejoin="round"/><path d="M84 ${MOUTH_Y - 2}h32" stroke="#d8c8c0" stroke-width="1.5"/>`,
  laugh: `<path d="M80 ${MOUTH_Y - 6}q20 30 40 0z" fill="#7a2e2e"/><path d="M90 ${MOUTH_Y + 4}q10 8 20 0" fill="#e66"/>`,
  open: `<path d="M84 ${MOUTH_Y - 4}q16 22 32 0z" fill="#7a2e2e"/>`,
  hungry: `<ellipse cx="100" cy="${MOUTH_Y + 2}" rx="10" ry="12" fill="#7a2e2e"/><path d="M94 ${MOUTH_Y + 8}q6 6 12 0" fill="#e66"/><path d="M112 ${MOUTH_Y + 10}q3 10 0 14q-4 -4 0 -14" fill="#8fd3ff"/>`,
  side: `<path d="M96 ${MOUTH_Y}q10 2 18 -4" stroke="#7a2e2e" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  kiss: `<path d="M100 ${MOUTH_Y + 6}l-7 -7a4 4 0 0 1 7 -5a4 4 0 0 1 7 5z" fill="#d2335c"/>`,
  frown: `<path d="M86 ${MOUTH_Y + 6}q14 -12 28 0" stroke="#7a2e2e" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  o: `<ellipse cx="100" cy="${MOUTH_Y + 2}" rx="5" ry="6" fill="#7a2e2e"/>`,
  wavy: `<path d="M84 ${MOUTH_Y}q4 -6 8 0t8 0t8 0t8 0" stroke="#7a2e2e" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
};

const blush = `<ellipse cx="70" cy="140" rx="10" ry="5" fill="#ff7a9a" opacity=".45"/><ellipse cx="130" cy="140" rx="10" ry="5" fill="#ff7a9a" opacity=".45"/>`;
const zzz = `<text x="150" y="70" font-family="sans-serif" font-weight="700" font-size="22" fill="#cfd8ff">z</text><text x="164" y="52" font-family="sans-serif" font-weight="700" font-size="16" fill="#cfd8ff">z</text>`;
const heartMark = `<path d="M160 74l-9 -9a5 5 0 0 1 9 -5a5 5 0 0 1 9 5z" fill="#ff4f81"/>`;
const angerMark = `<path d="M150 58l8 8m0 -8l-8 8m14 -14l8 8m0 -8l-8 8" stroke="#ff4040" stroke-width="3" stroke-linecap="round"/>`;
const sweat = `<path d="M146 92q6 10 0 14q-6 -4 0 -14" fill="#8fd3ff"/>`;

const FEATURES: Record<Expression, (f: FaceStyle) => string> = {
  normal: (f) => brows('calm', f.hair) + openEyes(f.eyes) + mouths.flat,
  grin: (f) => brows('up', f.hair) + openEyes(f.eyes) + mouths.grin,
  laugh: (f) => brows('up', f.hair) + arcEyes(4) + mouths.laugh + blush,
  happy: (f) => brows('soft', f.hair) + arcEyes(4) + mouths.open + blush,
  love: (f) => brows('soft', f.hair) + heartEyes + mouths.smile + blush + heartMark,
  hungry: (f) => brows('up', f.hair) + openEyes(f.eyes) + mouths.hungry,
  observe: (f) => brows('raised', f.hair) + openEyes(f.eyes, 5) + mouths.side,
  kiss: (f) => brows('soft', f.hair) + lineEyes + mouths.kiss + blush + heartMark,
  angry: (f) => brows('angry', f.hair) + openEyes(f.eyes, 3) + mouths.frown + angerMark,
  sleep: (f) => brows('calm', f.hair) + lineEyes + mouths.o + zzz,
  dizzy: (f) => brows('soft', f.hair) + spiralEyes + mouths.wavy + sweat,
  smile: (f) => brows('calm', f.hair) + openEyes(f.eyes) + mouths.smile,
};

function hairBack(f: FaceStyle): string {
  switch (f.hairStyle) {
    case 'long':
      return `<path d="M44 110q-6 -80 56 -84q62 4 56 84v90h-24v-70h-64v70h-24z" fill="${f.hair}"/>`;
    case 'hood':
      return `<path d="M34 130q0 -106 66 -108q66 2 66 108v80h-132z" fill="${f.accent}"/><path d="M48 128q0 -88 52 -90q52 2 52 90" fill="#00000033"/>`;
    default:
      return '';
  }
}

function hairFront(f: FaceStyle): string {
  switch (f.hairStyle) {
    case 'short':
      return `<path d="M52 104q-2 -62 48 -64q52 2 50 64q-8 -26 -30 -34q-20 14 -68 34z" fill="${f.hair}"/>`;
    case 'long':
      return `<path d="M50 112q0 -70 50 -72q52 2 50 72q-20 -30 -50 -40q-30 10 -50 40z" fill="${f.hair}"/>`;
    case 'bun':
      return `<circle cx="100" cy="34" r="20" fill="${f.hair}"/><path d="M52 104q-2 -62 48 -64q52 2 50 64q-16 -34 -50 -36q-34 2 -48 36z" fill="${f.hair}"/>`;
    case 'spiky':
      return `<path d="M50 106l-6 -40l20 12l4 -34l18 22l14 -32l12 32l18 -22l4 34l20 -12l-6 40q-20 -30 -50 -32q-30 2 -48 32z" fill="${f.hair}"/>`;
    case 'hood':
      return `<path d="M60 96q10 -36 40 -38q30 2 40 38q-18 -18 -40 -18q-22 0 -40 18z" fill="${f.hair}"/>`;
  }
}

export function portraitSvg(face: FaceStyle, expression: Expression): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 240" role="img">` +
    hairBack(face) +
    `<path d="M30 240q4 -50 70 -56q66 6 70 56z" fill="${face.accent}"/>` +
    `<rect x="88" y="170" width="24" height="22" rx="8" fill="${face.skin}"/>` +
    `<ellipse cx="100" cy="122" rx="50" ry="58" fill="${face.skin}"/>` +
    `<ellipse cx="52" cy="124" rx="7" ry="11" fill="${face.skin}"/><ellipse cx="148" cy="124" rx="7" ry="11" fill="${face.skin}"/>` +
    hairFront(face) +
    FEATURES[expression](face) +
    `</svg>`
  );
}
