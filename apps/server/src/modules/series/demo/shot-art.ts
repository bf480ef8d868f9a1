import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Expression } from '@taleforge/contracts/constants';
import type Sharp from 'sharp';
import type { FaceStyle, SceneStyle } from '../../../platform/db/schema/index.js';
import { loadSharp } from '../../../platform/sharp.js';
import { portraitSvg, sceneSvg } from '../../play/index.js';

/** The source frame: vertical 9:16, as short dramas are shot. */
export const FRAME = { width: 720, height: 1280 } as const;
/** A scene is drawn as wide as its 16:10 art is at frame height, so the camera can pan along it. */
export const STRIP_WIDTH = Math.round((800 * FRAME.height) / 500);

/**
 * Figure sizes (the 200×240 portrait with a torso below, 200×400): the speaker in the middle
 * distance, the listener in the foreground (larger, dimmed, out of focus), and a close-up.
 */
export const PORTRAIT = {
  focus: { width: 560, height: 1120 },
  beside: { width: 640, height: 1280 },
  close: { width: 900, height: 1800 },
} as const;
export type PortraitSize = keyof typeof PORTRAIT;

/** The portrait stands on a torso, so a character fills the tall frame instead of floating. */
function figureSvg(face: FaceStyle, expression: Expression): string {
  const portrait = portraitSvg(face, expression).replace('<svg ', '<svg width="200" height="240" ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 400">` +
    `<defs><linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${face.accent}"/><stop offset="1" stop-color="#000"/></linearGradient></defs>` +
    `<path d="M30 238h140l10 162h-160z" fill="url(#t)"/>` +
    portrait +
    `</svg>`
  );
}

/** Light in the air: rain that falls, or soft specks that drift (one tile, drawn twice to loop). */
function atmosphereSvg(key: string, style: SceneStyle): string {
  const { width, height } = FRAME;
  let seed = 7;
  for (const ch of key) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
  const tile: string[] = [];
  if (style.motif === 'rain') {
    for (let i = 0; i < 110; i++) {
      const x = random() * (width + 80);
      const y = random() * height;
      const long = 30 + random() * 50;
      tile.push(
        `<path d="M${x.toFixed(0)} ${y.toFixed(0)}l-${(long / 5).toFixed(0)} ${long.toFixed(0)}" stroke="#dce9ff" stroke-opacity="${(0.2 + random() * 0.35).toFixed(2)}" stroke-width="${(1 + random() * 1.5).toFixed(1)}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 26; i++) {
      const r = 6 + random() * 26;
      tile.push(
        `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${random() > 0.5 ? style.top : '#fff3d6'}" opacity="${(0.12 + random() * 0.25).toFixed(2)}" filter="url(#b)"/>`,
      );
    }
  }
  const body = tile.join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height * 2}">` +
    `<defs><filter id="b"><feGaussianBlur stdDeviation="4"/></filter></defs>` +
    `<g>${body}</g><g transform="translate(0 ${height})">${body}</g></svg>`
  );
}

function sized(svg: string, width: number, height: number): Buffer {
  return Buffer.from(svg.replace('<svg ', `<svg width="${width}" height="${height}" `));
}

/** Renders into `dir` and returns the file; the name says what it is, so a shot reuses it. */
export class ShotArt {
  private made = new Map<string, Promise<string>>();
  constructor(private readonly dir: string) {}

  private once(name: string, render: (sharp: typeof Sharp) => Promise<Buffer>): Promise<string> {
    let file = this.made.get(name);
    if (!file) {
      const target = path.join(this.dir, `${name}.png`);
      file = loadSharp()
        .then(render)
        .then(async (png) => {
          await writeFile(target, png);
          return target;
        });
      this.made.set(name, file);
    }
    return file;
  }

  /** The scene's art across the whole strip, a little darker at the top and bottom. */
  scene(key: string, style: SceneStyle): Promise<string> {
    return this.once(`scene-${key}`, (sharp) =>
      sharp(sized(sceneSvg(key, style), STRIP_WIDTH, FRAME.height))
        .png()
        .toBuffer(),
    );
  }

  /** Rain or drifting light over the scene, twice the frame's height so it can scroll. */
  atmosphere(key: string, style: SceneStyle): Promise<string> {
    return this.once(`air-${key}`, (sharp) =>
      sharp(sized(atmosphereSvg(key, style), FRAME.width, FRAME.height * 2))
        .png()
        .toBuffer(),
    );
  }

  /** A character: the speaker in full colour, the listener in front dimmed and out of focus. */
  portrait(who: string, face: FaceStyle, expression: Expression, size: PortraitSize) {
    const { width, height } = PORTRAIT[size];
    return this.once(`face-${who}-${expression}-${size}`, (sharp) => {
      const image = sharp(sized(figureSvg(face, expression), width, height));
      return (
        size === 'beside' ? image.modulate({ brightness: 0.5, saturation: 0.7 }).blur(7) : image
      )
        .png()
        .toBuffer();
    });
  }

  /**
   * Laid over every frame: a vignette that pulls the eye to the middle and a dark foot that keeps
   * the player's subtitles readable over any scene.
   */
  grade(): Promise<string> {
    const { width, height } = FRAME;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
      `<defs><radialGradient id="v" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></radialGradient>` +
      `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".7"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#v)"/>` +
      `<rect y="${height - 360}" width="${width}" height="360" fill="url(#f)"/></svg>`;
    return this.once('grade', (sharp) =>
      sharp(sized(svg, width, height))
        .png()
        .toBuffer(),
    );
  }

  /**
   * The opening card over the establishing shot: the episode number large and no words, so it
   * reads in every language.
   */
  titleCard(label: string, accent: string): Promise<string> {
    const { width, height } = FRAME;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
      `<defs><radialGradient id="s" cx=".5" cy=".47" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#s)"/>` +
      `<text x="360" y="520" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="38" letter-spacing="16" fill="#fff" opacity=".85">EP</text>` +
      `<text x="360" y="672" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="160" fill="#fff">${label}</text>` +
      `<rect x="300" y="708" width="120" height="6" rx="3" fill="${accent}"/></svg>`;
    return this.once(`title-${label}`, (sharp) =>
      sharp(sized(svg, width, height))
        .png()
        .toBuffer(),
    );
  }
}
