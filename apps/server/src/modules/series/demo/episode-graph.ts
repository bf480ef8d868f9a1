import { FRAME, PORTRAIT, type PortraitSize, STRIP_WIDTH } from './shot-art.js';
import { type TimedShot, TRANSITION_S } from './timeline.js';

/** A character's picture(s) in one shot: a second file takes over at `switchAt` seconds. */
export interface Figure {
  files: [string] | [string, string];
  switchAt: number;
  size: PortraitSize;
  /** Which side of the frame the character keeps across shots (the screen-direction rule). */
  side: 'left' | 'right' | 'centre';
}

interface ShotLayers {
  timed: TimedShot;
  background: string;
  atmosphere: { file: string; falling: boolean };
  /** Drawn in order: the speaker, then the listener in front of them. */
  figures: Figure[];
}

/** How the frames are made into a file: DEMO_VIDEO_FPS, and x264's VIDEO_PRESET. */
export interface DemoEncoding {
  fps: number;
  preset: string;
}

export interface EpisodeGraph {
  shots: ShotLayers[];
  seconds: number;
  grade: string;
  titleCard: string | null;
  music: string;
  /** Where in the looping theme this episode's music starts, so episodes do not all sound alike. */
  musicOffset: number;
}

const n = (value: number) => Number(value.toFixed(3));

/**
 * Cuts that read as a drama's: a dissolve, soft wipes, a push, an iris and a dip to black, never
 * the same twice running. They are ffmpeg's xfade transitions of these names, drawn instead with
 * filters every ffmpeg since 4.1 has (overlay, alphamerge, geq, scale, lut): xfade came in 4.3,
 * and the static ffmpeg the npm package ships for a machine without one is 4.1. Same formulas:
 * beside xfade's, the frames differ by a level at most (a push's by a line, set on even lines),
 * with a current ffmpeg and with the shipped one alike.
 */
export const TRANSITIONS = [
  'fade',
  'smoothleft',
  'slideup',
  'circleopen',
  'fadeblack',
  'smoothright',
] as const;
export type Transition = (typeof TRANSITIONS)[number];

/** The cut into shot `i` (the first shot has none). */
export const transitionInto = (i: number): Transition => TRANSITIONS[(i - 1) % TRANSITIONS.length]!;

// A cut is drawn by laying the new shot over the old one with an alpha mask: how much of the new
// shot shows at each point, 0–255. The masks are geq expressions (X, Y, W, H of the mask, T its
// time) with register 0 holding the cut's progress q, 0 → 1, and `u`, `v` a point's place across
// and down the frame, 0–1. Every one is smooth, so it is drawn at 90×160 and scaled up: as good
// as a whole frame's for 1/64 of the work. xfade's progress p is 1 − q.
const MASK = { width: 90, height: 160 } as const;
const u = '((X+0.5)/W)';
const v = '((Y+0.5)/H)';
/** smoothstep(0, 1, e), as xfade has it (register 1). */
const smooth = (e: string) => `st(1,clip(${e},0,1))*ld(1)*(3-2*ld(1))`;
const HALF_DIAGONAL = Math.hypot(FRAME.width / 2, FRAME.height / 2);

/** The new shot's share of each point; the old one (or black) shows through the rest. */
const SHARE: Record<Exclude<Transition, 'slideup'>, string> = {
  fade: 'ld(0)',
  // The new shot comes in from the right (smoothleft) or the left behind a frame-wide soft edge.
  smoothleft: smooth(`${u}-1+2*ld(0)`),
  smoothright: smooth(`2*ld(0)-${u}`),
  // An iris opening from the middle, its edge as soft as half the frame's diagonal.
  circleopen: `1-${smooth(`hypot((${u}-0.5)*${FRAME.width},(${v}-0.5)*${FRAME.height})/${n(HALF_DIAGONAL)}+1.5-3*ld(0)`)}`,
  // Out of black: (1−p)·(1−smoothstep(0.2, 1, p)).
  fadeblack: `ld(0)*(1-${smooth('(0.8-ld(0))/0.8')})`,
};

/**
 * fadeblack's dip: the old shot goes to black within the cut's first fifth (its share
 * p·smoothstep(0.8, 1, p) in register 2) while the new one rises (register 3). Black laid over
 * the old shot at this alpha, the new shot over both, gives each its share. xfade's black is
 * luma 0, below video black: the dip is as deep.
 */
const DIP = `st(2,(1-ld(0))*${smooth('1-5*ld(0)')});st(3,${SHARE.fadeblack});clip(1-ld(2)/max(1-ld(3),0.000001),0,1)`;

/**
 * Where a cut falls on the frame grid. As with xfade, the new shot's first frame is the first at
 * or after its start (`from`), `lag` frames after it (0 ≤ lag < 1), so the cut is already
 * lag/cut of the way there; it ends `cut` frames later.
 */
interface CutAt {
  from: number;
  lag: number;
  cut: number;
  fps: number;
}

/** A mask of `frames` frames of a cut, the whole frame's size, in gray. */
function maskOf(share: string, frames: number, { lag, cut, fps }: CutAt): string {
  const q = `st(0,clip((T*${fps}+${n(lag)})/${cut},0,1))`;
  return (
    `color=c=black:s=${MASK.width}x${MASK.height}:r=${fps},trim=end_frame=${frames},format=gray,` +
    `geq=lum='${q};255*(${share})+0.5',scale=${FRAME.width}:${FRAME.height}:flags=bilinear`
  );
}

/** Opaque: a whole-frame mask of 255 (a colour source's white is video white, 235). */
const opaque = (frames: number, fps: number) =>
  `color=c=black:s=${FRAME.width}x${FRAME.height}:r=${fps},trim=end_frame=${frames},format=gray,lut=c0=255`;

/**
 * slideup pushes: the new shot comes up from below as the old one leaves at the top, edge to
 * edge. How many lines, at main time `t` (even, as the chroma planes need).
 */
const pushed = ({ from, lag, cut, fps }: CutAt) =>
  `2*ceil(${FRAME.height / 2}*clip((t*${fps}-${n(from - lag)})/${cut},0,1))`;

/** The camera drifts along the scene, the other way each shot, slower in a close-up. */
function panOf(i: number, seconds: number, close: boolean): string {
  const span = (close ? 16 : 30) * seconds;
  const centre = (STRIP_WIDTH - FRAME.width) / 2 + (i % 3) * 180 - 180;
  const dir = i % 2 ? -1 : 1;
  const from = n(centre - (dir * span) / 2);
  return `crop=${FRAME.width}:${FRAME.height}:x='${from}+${n(dir * span)}*t/${n(seconds)}':y=0`;
}

/**
 * Where a figure stands and how it moves: the speaker steps in and breathes, the listener fills
 * a foreground corner, a close-up rises slowly into frame.
 */
function placeOf(figure: Figure, seconds: number): { x: string; y: string } {
  const { width, height } = PORTRAIT[figure.size];
  const breathe = (period: number, phase: number) => `4*sin(2*PI*t/${period}+${phase})`;
  if (figure.size === 'close') {
    return { x: `${(FRAME.width - width) / 2}`, y: `70*(1-t/${n(seconds)})-10` };
  }
  if (figure.size === 'beside') {
    const x = figure.side === 'left' ? -330 : FRAME.width - width + 330;
    return { x: `${x}`, y: `${FRAME.height - height + 300}+${breathe(3.7, 1)}` };
  }
  const x =
    figure.side === 'centre'
      ? (FRAME.width - width) / 2
      : figure.side === 'left'
        ? -40
        : FRAME.width - width + 40;
  const from = figure.side === 'right' ? 70 : -70;
  return {
    x: `${x}+${from}*pow(max(0,1-t/0.8),2)`,
    y: `${FRAME.height - height + 170}+${breathe(3.1, 0)}`,
  };
}

/** Rain falls fast; drifting light rises slowly. The layer is two frames tall and loops. */
function airOf(falling: boolean): string {
  const y = falling ? `${FRAME.height}-mod(t*760,${FRAME.height})` : `mod(t*22,${FRAME.height})`;
  return `crop=${FRAME.width}:${FRAME.height}:x=0:y='${y}'`;
}

/** The ffmpeg arguments that render an episode from its layers: one process, one encode. */
export function episodeArgs(
  graph: EpisodeGraph,
  { fps, preset }: DemoEncoding,
  output: string,
): string[] {
  const inputs: string[] = ['-stream_loop', '-1', '-i', graph.music];
  const chains: string[] = [];
  const input = (file: string) => {
    inputs.push('-i', file);
    return inputs.filter((a) => a === '-i').length - 1;
  };
  // A still becomes a clip of the shot's length: its frame is decoded and converted to the pixel
  // format the overlays blend in once, then repeated (converting every frame took ~1.8x the CPU).
  // The scene keeps full colour resolution so the pan can move by single pixels. Frame n is at
  // n/fps exactly (in a picture's own time base, 1/25, the times were rounded and a fade could
  // stop short of its end).
  const still = (index: number, frames: number, format = 'yuva420p') =>
    `[${index}:v]format=${format},loop=loop=${frames - 1}:size=1:start=0,settb=1/${fps},setpts=N`;

  // The shots are laid on one timeline of frames, each over the one before: shot i from frame
  // `cuts[i].from` to the end of the cut into the next, its alpha shaped over the cut's frames.
  const cut = Math.max(1, Math.round(TRANSITION_S * fps));
  // Every frame that starts before the end, as `-t` keeps them.
  const totalFrames = Math.ceil(graph.seconds * fps - 1e-6);
  const cuts: CutAt[] = graph.shots.map(({ timed }) => {
    const from = Math.ceil(timed.start * fps - 1e-6);
    return { from, lag: from - timed.start * fps, cut, fps };
  });
  const lengthOf = (i: number) =>
    (i + 1 < graph.shots.length ? cuts[i + 1]!.from + cut : totalFrames) - cuts[i]!.from;

  chains.push(
    `color=c=black:s=${FRAME.width}x${FRAME.height}:r=${fps},trim=end_frame=${totalFrames},format=yuv420p,settb=1/${fps},setpts=N[t0]`,
  );
  let below = 't0';
  graph.shots.forEach(({ timed, background, atmosphere, figures }, i) => {
    const frames = lengthOf(i);
    const at = cuts[i]!;
    const close = figures[0]?.size === 'close';
    chains.push(
      `${still(input(background), frames, 'yuv444p')},${panOf(i, timed.seconds, close)}[s${i}b]`,
    );
    chains.push(`${still(input(atmosphere.file), frames)},${airOf(atmosphere.falling)}[s${i}air]`);
    chains.push(`[s${i}b][s${i}air]overlay=0:0[s${i}a]`);
    let layer = `s${i}a`;
    figures.forEach((figure, f) => {
      const { x, y } = placeOf(figure, timed.seconds);
      figure.files.forEach((file, k) => {
        const label = `s${i}f${f}${k}`;
        const when =
          figure.files.length === 1
            ? ''
            : `:enable='${k === 0 ? 'lt' : 'gte'}(t,${n(figure.switchAt)})'`;
        chains.push(`${still(input(file), frames)}[${label}p]`);
        chains.push(`[${layer}][${label}p]overlay=x='${x}':y='${y}'${when}[${label}]`);
        layer = label;
      });
    });

    const into = i > 0 ? transitionInto(i) : null;
    // Onto the shared timeline: frame k of the shot is frame from + k.
    const shift = `settb=1/${fps},setpts=N+${at.from}`;
    if (into && into !== 'slideup') {
      // Its alpha: the cut's mask over the cut's frames, then whole.
      chains.push(`${maskOf(SHARE[into], cut, at)}[s${i}m0]`);
      chains.push(`${opaque(frames - cut, fps)}[s${i}m1]`);
      chains.push(`[s${i}m0][s${i}m1]concat=n=2:v=1:a=0[s${i}m]`);
      chains.push(`[${layer}]format=yuva420p[s${i}c]`);
      chains.push(`[s${i}c][s${i}m]alphamerge,${shift}[s${i}]`);
    } else {
      chains.push(`[${layer}]format=yuv420p,${shift}[s${i}]`);
    }
    if (into === 'fadeblack') {
      chains.push(`${maskOf(DIP, cut, at)}[k${i}m]`);
      chains.push(
        `color=c=black:s=${FRAME.width}x${FRAME.height}:r=${fps},trim=end_frame=${cut},format=yuva420p,lutyuv=y=0[k${i}c]`,
      );
      chains.push(`[k${i}c][k${i}m]alphamerge,${shift}[k${i}]`);
      chains.push(`[${below}][k${i}]overlay=0:0:eof_action=pass[t${i}k]`);
      below = `t${i}k`;
    }
    // A push moves the shot as it comes in and as it leaves; otherwise it stands still.
    let y = into === 'slideup' ? `${FRAME.height}-${pushed(at)}` : '';
    if (i + 1 < graph.shots.length && transitionInto(i + 1) === 'slideup')
      y += `-${pushed(cuts[i + 1]!)}`;
    chains.push(`[${below}][s${i}]overlay=x=0:y=${y ? `'${y}'` : '0'}:eof_action=pass[t${i + 1}]`);
    below = `t${i + 1}`;
  });
  const joined = below;

  const total = n(graph.seconds);
  chains.push(`${still(input(graph.grade), totalFrames)}[grade]`);
  chains.push(`[${joined}][grade]overlay=0:0[graded]`);
  let picture = 'graded';
  if (graph.titleCard) {
    chains.push(`${still(input(graph.titleCard), 3 * fps)},fade=t=out:st=2.2:d=0.6:alpha=1[card]`);
    chains.push(`[graded][card]overlay=0:0:eof_action=pass[titled]`);
    picture = 'titled';
  }
  chains.push(
    `[${picture}]settb=AVTB,fade=t=in:d=0.4,fade=t=out:st=${n(total - 0.7)}:d=0.7,format=yuv420p[v]`,
    // A low hit under the opening card, then the theme underneath everything.
    // (It lasts as long as the theme, silent after 2 s: amix scales every input by 1/inputs
    // while all play, and ffmpeg 4.1's amix has no normalize=0, so volume=2 gives back the sum.)
    `aevalsrc='if(lt(t,2),0.5*sin(2*PI*52*t)*exp(-2.5*t),0)':d=${n(total + 1)}:s=44100,aformat=channel_layouts=stereo[hit]`,
    `[0:a]atrim=start=${n(graph.musicOffset)}:duration=${total},asetpts=PTS-STARTPTS,aformat=sample_rates=44100:channel_layouts=stereo,afade=t=in:d=1,afade=t=out:st=${n(total - 1.5)}:d=1.5[theme]`,
    `[theme][hit]amix=inputs=2:duration=first,volume=2[a]`,
  );
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    `${total}`,
    '-r',
    `${fps}`,
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-g',
    `${fps * 2}`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    output,
  ];
}
