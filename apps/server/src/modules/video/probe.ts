import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { STATUS } from '@taleforge/contracts';
import { AppError } from '../../platform/http/app-error.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';

const run = promisify(execFile);

export interface ProbedVideo {
  durationMs: number;
  /** The frame as it is shown: rotation and non-square pixels already applied. */
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * Signatures of the containers people upload video in: ISO BMFF (mp4, mov, 3gp: `ftyp` at 4),
 * Matroska/WebM, AVI, MPEG-PS, FLV, Ogg. A file that has one but does not probe is a damaged
 * video; a file that has none and does not probe is not a video at all.
 */
function looksLikeVideoContainer(head: Buffer): boolean {
  const ascii = (at: number, text: string) =>
    head.toString('latin1', at, at + text.length) === text;
  return (
    ascii(4, 'ftyp') ||
    ascii(4, 'moov') ||
    ascii(4, 'mdat') ||
    ascii(4, 'wide') ||
    head.readUInt32BE(0) === 0x1a45dfa3 ||
    (ascii(0, 'RIFF') && ascii(8, 'AVI ')) ||
    head.readUInt32BE(0) === 0x000001ba ||
    ascii(0, 'FLV') ||
    ascii(0, 'OggS') ||
    (head[0] === 0x47 && head[188] === 0x47)
  );
}

/**
 * An ISO BMFF file (mp4, mov) is a chain of boxes, each starting with its size. A box that claims
 * more bytes than the file has means the file was cut short (an upload or copy that stopped),
 * even when the index came first and ffprobe reads the header happily.
 */
async function isoBoxesCutShort(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; offset < size && boxes < 10_000; boxes++) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return true;
      const short = header.readUInt32BE(0);
      // 1: the real size follows as 64 bits; 0: the box runs to the end of the file.
      const boxSize = short === 1 ? Number(header.readBigUInt64BE(8)) : short;
      if (short === 0) return false;
      if (boxSize < 8 || (short === 1 && bytesRead < 16)) return true;
      offset += boxSize;
    }
    return offset > size;
  } finally {
    await file.close();
  }
}

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(512);
    await file.read(head, 0, head.length, 0);
    return head;
  } finally {
    await file.close();
  }
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * What the file is, by its content (the name's extension is never asked): ffprobe's reading of
 * the container, which must hold a moving picture with a length. Throws AppError VIDEO_NOT_VIDEO
 * or VIDEO_CORRUPT with ffprobe's words in the detail.
 */
export async function probeVideo(binaries: FfmpegBinaries, path: string): Promise<ProbedVideo> {
  const head = await headOf(path);
  const notVideo = (why: string) => new AppError(STATUS.VIDEO_NOT_VIDEO, why);
  const refusal = (why: string) =>
    looksLikeVideoContainer(head) ? new AppError(STATUS.VIDEO_CORRUPT, why) : notVideo(why);

  let output: string;
  try {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
    ({ stdout: output } = await run(binaries.ffprobe, args, {
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    // ffprobe names the file; the detail names no path of this machine.
    const stderr = (error as { stderr?: string }).stderr?.trim().replaceAll(path, 'the file');
    throw refusal(stderr?.split('\n').at(-1) ?? 'ffprobe could not read the file');
  }
  if (head.toString('latin1', 4, 8) === 'ftyp' && (await isoBoxesCutShort(path))) {
    throw new AppError(STATUS.VIDEO_CORRUPT, 'the file is cut short');
  }
  const probe = JSON.parse(output) as {
    format?: { format_name?: string; duration?: string };
    streams?: FfprobeStream[];
  };
  const formatName = probe.format?.format_name ?? '';
  // Still pictures, text and subtitles probe too, as one-frame or text "streams".
  if (
    /(^|,)(image2|\w+_pipe|tty|gif|apng|webp|srt|webvtt|ass|mp3|wav|flac|aac)(,|$)/.test(formatName)
  ) {
    throw notVideo(`${formatName} is not a video format`);
  }
  const video = probe.streams?.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  if (!video?.width || !video.height) throw refusal('the file has no video stream');
  const durationMs = Math.round(Number(probe.format?.duration) * 1000);
  if (!Number.isFinite(durationMs) || durationMs <= 0) throw refusal('the video has no length');

  const [num, den] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const sar = num && den ? num / den : 1;
  const rotation = Math.abs(
    Number(
      video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ??
        video.tags?.rotate ??
        0,
    ),
  );
  const [width, height] = [even(video.width * sar), video.height];
  const turned = rotation % 180 === 90;
  return {
    durationMs,
    width: turned ? height : width,
    height: turned ? width : height,
    hasAudio: Boolean(probe.streams?.some((stream) => stream.codec_type === 'audio')),
  };
}
