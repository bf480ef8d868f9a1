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

/** Cuts that read as a drama's: dissolves, slides and a dip to black, never the same twice running. */
const TRANSITIONS = ['fade', 'smoothleft', 'slideup', 'circleopen', 'fadeblack', 'smoothright'];

const n = (value: number) => Number(value.toFixed(3));

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
  // The scene keeps full colour resolution so the pan can move by single pixels.
  const still = (index: number, frames: number, format = 'yuva420p') =>
    `[${index}:v]format=${format},loop=loop=${frames - 1}:size=1:start=0,setpts=N/${fps}/TB`;

  graph.shots.forEach(({ timed, background, atmosphere, figures }, i) => {
    const frames = Math.round(timed.seconds * fps);
    const close = figures[0]?.size === 'close';
    chains.push(
      `${still(input(background), frames, 'yuv444p')},${panOf(i, timed.seconds, close)}[s${i}b]`,
    );
    chains.push(`${still(input(atmosphere.file), frames)},${airOf(atmosphere.falling)}[s${i}air]`);
    chains.push(`[s${i}b][s${i}air]overlay=0:0[s${i}a]`);
    let below = `s${i}a`;
    figures.forEach((figure, f) => {
      const { x, y } = placeOf(figure, timed.seconds);
      figure.files.forEach((file, k) => {
        const label = `s${i}f${f}${k}`;
        const when =
          figure.files.length === 1
            ? ''
            : `:enable='${k === 0 ? 'lt' : 'gte'}(t,${n(figure.switchAt)})'`;
        chains.push(`${still(input(file), frames)}[${label}p]`);
        chains.push(`[${below}][${label}p]overlay=x='${x}':y='${y}'${when}[${label}]`);
        below = label;
      });
    });
    chains.push(`[${below}]format=yuv420p,settb=AVTB[s${i}]`);
  });

  let joined = 's0';
  graph.shots.forEach(({ timed }, i) => {
    if (i === 0) return;
    const transition = TRANSITIONS[(i - 1) % TRANSITIONS.length];
    chains.push(
      `[${joined}][s${i}]xfade=transition=${transition}:duration=${TRANSITION_S}:offset=${n(timed.start)}[x${i}]`,
    );
    joined = `x${i}`;
  });

  const total = n(graph.seconds);
  const frames = Math.round(graph.seconds * fps);
  chains.push(`${still(input(graph.grade), frames)}[grade]`);
  chains.push(`[${joined}][grade]overlay=0:0[graded]`);
  let picture = 'graded';
  if (graph.titleCard) {
    chains.push(`${still(input(graph.titleCard), 3 * fps)},fade=t=out:st=2.2:d=0.6:alpha=1[card]`);
    chains.push(`[graded][card]overlay=0:0:eof_action=pass[titled]`);
    picture = 'titled';
  }
  chains.push(
    `[${picture}]fade=t=in:d=0.4,fade=t=out:st=${n(total - 0.7)}:d=0.7,format=yuv420p[v]`,
    // A low hit under the opening card, then the theme underneath everything.
    `aevalsrc='0.5*sin(2*PI*52*t)*exp(-2.5*t)':d=2:s=44100,aformat=channel_layouts=stereo[hit]`,
    `[0:a]atrim=start=${n(graph.musicOffset)}:duration=${total},asetpts=PTS-STARTPTS,aformat=sample_rates=44100:channel_layouts=stereo,afade=t=in:d=1,afade=t=out:st=${n(total - 1.5)}:d=1.5[theme]`,
    `[theme][hit]amix=inputs=2:duration=first:normalize=0[a]`,
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
