import type { SceneStyle } from '../../platform/db/schema/index.js';

/** Deterministic pseudo-random numbers, so a scene is drawn the same every time. */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function motif(style: SceneStyle, random: () => number): string {
  const parts: string[] = [];
  switch (style.motif) {
    case 'stars':
      for (let i = 0; i < 70; i++) {
        parts.push(
          `<circle cx="${(random() * 800).toFixed(0)}" cy="${(random() * 330).toFixed(0)}" r="${(random() * 1.8 + 0.4).toFixed(1)}" fill="#fff" opacity="${(random() * 0.7 + 0.3).toFixed(2)}"/>`,
        );
      }
      parts.push('<circle cx="640" cy="90" r="38" fill="#fff6d8" opacity=".9"/>');
      break;
    case 'city':
      for (let x = 0; x < 800; ) {
        const w = 40 + random() * 70;
        const h = 120 + random() * 220;
        parts.push(
          `<rect x="${x.toFixed(0)}" y="${(500 - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="#0b0f1f" opacity=".85"/>`,
        );
        for (let wy = 500 - h + 14; wy < 480; wy += 22) {
          if (random() > 0.55)
            parts.push(
              `<rect x="${(x + 8).toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="10" fill="#ffd86b" opacity=".8"/>`,
            );
        }
        x += w + 6;
      }
      break;
    case 'waves':
      for (let i = 0; i < 5; i++) {
        const y = 330 + i * 36;
        parts.push(
          `<path d="M0 ${y}q100 -24 200 0t200 0t200 0t200 0v${500 - y}h-800z" fill="#ffffff" opacity="${(0.06 + i * 0.05).toFixed(2)}"/>`,
        );
      }
      break;
    case 'hills':
      parts.push('<path d="M0 360q200 -120 420 -20t380 -30v190h-800z" fill="#00000055"/>');
      parts.push('<path d="M0 420q260 -90 520 -10t280 0v90h-800z" fill="#00000077"/>');
      for (let i = 0; i < 14; i++) {
        const x = random() * 800;
        parts.push(`<path d="M${x.toFixed(0)} 430l14 -54l14 54z" fill="#0a1a12" opacity=".8"/>`);
      }
      break;
    case 'grid':
      for (let i = 0; i <= 16; i++)
        parts.push(`<path d="M400 300L${i * 50} 500" stroke="#6ff" stroke-opacity=".25"/>`);
      for (let i = 0; i < 8; i++) {
        const y = 300 + (i * i * 200) / 49;
        parts.push(`<path d="M0 ${y.toFixed(0)}H800" stroke="#f6f" stroke-opacity=".25"/>`);
      }
      break;
    case 'rain':
      for (let i = 0; i < 90; i++) {
        const x = random() * 820;
        const y = random() * 500;
        parts.push(
          `<path d="M${x.toFixed(0)} ${y.toFixed(0)}l-6 18" stroke="#cfe3ff" stroke-opacity=".35" stroke-width="1.5"/>`,
        );
      }
      break;
  }
  return parts.join('');
}

export function sceneSvg(key: string, style: SceneStyle): string {
  const id = `g${key.replace(/\W/g, '')}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" preserveAspectRatio="xMidYMid slice">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${style.top}"/><stop offset="1" stop-color="${style.bottom}"/></linearGradient></defs>` +
    `<rect width="800" height="500" fill="url(#${id})"/>` +
    motif(style, seeded(key)) +
    `</svg>`
  );
}

const FALLBACK_SKIES: Omit<SceneStyle, 'motif'>[] = [
  { top: '#1d2b53', bottom: '#0b0f1f' },
  { top: '#3b1f4a', bottom: '#120818' },
  { top: '#16424a', bottom: '#061a1d' },
  { top: '#4a2a16', bottom: '#1a0d05' },
  { top: '#2a4a1f', bottom: '#0b1a08' },
];
const FALLBACK_MOTIFS: SceneStyle['motif'][] = ['stars', 'city', 'waves', 'hills', 'grid', 'rain'];

/** A scene style picked from `seed`, for a work that has no scene of its own to draw on. */
export function fallbackSceneStyle(seed: string): SceneStyle {
  const random = seeded(seed);
  const sky = FALLBACK_SKIES[Math.floor(random() * FALLBACK_SKIES.length)]!;
  return { ...sky, motif: FALLBACK_MOTIFS[Math.floor(random() * FALLBACK_MOTIFS.length)]! };
}

/** A cover: the game's first scene with its lead character standing in it (if it has one). */
export function coverSvg(key: string, style: SceneStyle, portrait: string): string {
  const figure = portrait.replace('<svg ', '<svg x="230" y="120" width="340" height="408" ');
  return sceneSvg(key, style).replace(
    '</svg>',
    `${figure}<rect y="380" width="800" height="120" fill="url(#shade)"/><defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></linearGradient></defs></svg>`,
  );
}
