import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EXPRESSIONS,
  type Expression,
  LOCALES,
  SCRIPT_TYPES,
  type ScriptType,
} from '@taleforge/contracts/constants';
import type { FaceStyle, SceneStyle } from '../../../platform/db/schema/index.js';
import { CONTENT_DIR } from '../../play/index.js';

/** Text in all three interface languages: demo subtitles are never missing a language. */
export type Text3 = { en_US: string; zh_CN: string; ja_JP: string };

/** One character on screen: who, the face they start with and the one they change to. */
export interface CastMember {
  who: string;
  expression: Expression;
  then?: Expression;
}

/** One camera set-up: a scene, up to two characters, and the lines spoken over it. */
export interface Shot {
  scene: string;
  /** The first is in focus (the speaker); a second stands beside, dimmed. */
  cast: CastMember[];
  /** close: the first character alone, filling the frame. */
  framing?: 'wide' | 'close';
  lines: Text3[];
}

export interface ClipShot {
  episode: number;
  shot: number;
  line?: number;
}

/** A series as content/drama/<slug>.json writes it. */
export interface SeriesScript {
  slug: string;
  title: Text3;
  description: Text3;
  scriptType: ScriptType;
  tags: string[];
  freeEpisodes: number;
  /** Gems per locked episode, in order from episode freeEpisodes + 1 (the last repeats). */
  prices: number[];
  /** The demo game whose theme (content/<game>/audio/theme.mp3) scores the episodes. */
  music: string;
  /** The catalogue card: a scene with its one or two leads standing in it, the first in front. */
  cover: { scene: string; who: string[]; expression: Expression };
  characters: Record<string, { name: Text3; face: FaceStyle }>;
  scenes: Record<string, SceneStyle>;
  episodes: { title: Text3; shots: Shot[] }[];
  /**
   * Previews cut from the episodes: shots named by episode and shot number, each with one of its
   * lines (all 1-based; the first line unless named), so a clip stays 8–15 s.
   */
  clips: { title: Text3; shots: ClipShot[] }[];
}

export const DRAMA_DIR = path.join(CONTENT_DIR, 'drama');

function problem(file: string, where: string, what: string): Error {
  return new Error(`${file}: ${where}: ${what}`);
}

function checkText(file: string, where: string, text: unknown) {
  for (const locale of LOCALES) {
    const value = (text as Record<string, unknown> | undefined)?.[locale];
    if (typeof value !== 'string' || !value.trim()) throw problem(file, where, `no ${locale} text`);
  }
}

/** Stops the seed naming the field when a script refers to something it does not define. */
export function checkScript(file: string, script: SeriesScript): SeriesScript {
  checkText(file, 'title', script.title);
  checkText(file, 'description', script.description);
  if (!SCRIPT_TYPES.includes(script.scriptType)) throw problem(file, 'scriptType', 'unknown');
  if (!script.prices.length) throw problem(file, 'prices', 'empty');
  const { cover } = script;
  if (!script.scenes[cover.scene] || !cover.who.length || cover.who.length > 2)
    throw problem(file, 'cover', 'needs a known scene and one or two characters');
  if (cover.who.some((who) => !script.characters[who]))
    throw problem(file, 'cover', 'names an unknown character');
  script.episodes.forEach((episode, e) => {
    checkText(file, `episode ${e + 1} title`, episode.title);
    episode.shots.forEach((shot, s) => {
      const where = `episode ${e + 1} shot ${s + 1}`;
      if (!script.scenes[shot.scene]) throw problem(file, where, `no scene "${shot.scene}"`);
      if (!shot.cast.length || shot.cast.length > 2) throw problem(file, where, '1 or 2 cast');
      for (const member of shot.cast) {
        if (!script.characters[member.who]) throw problem(file, where, `no "${member.who}"`);
        for (const face of [member.expression, member.then ?? member.expression])
          if (!EXPRESSIONS.includes(face)) throw problem(file, where, `no expression "${face}"`);
      }
      for (const [l, line] of shot.lines.entries()) checkText(file, `${where} line ${l + 1}`, line);
    });
  });
  script.clips.forEach((clip, c) => {
    checkText(file, `clip ${c + 1} title`, clip.title);
    for (const ref of clip.shots)
      if (!script.episodes[ref.episode - 1]?.shots[ref.shot - 1]?.lines[(ref.line ?? 1) - 1])
        throw problem(
          file,
          `clip ${c + 1}`,
          `no line ${ref.line ?? 1} in shot ${ref.episode}.${ref.shot}`,
        );
  });
  return script;
}

/** Every series script in content/drama, in slug order. */
export async function loadSeriesScripts(dir = DRAMA_DIR): Promise<SeriesScript[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return checkScript(file, JSON.parse(await readFile(file, 'utf8')) as SeriesScript);
    }),
  );
}

/** The price of episode `number` (1-based): free up to freeEpisodes, then the list in order. */
export function episodePrice(script: SeriesScript, number: number): number {
  if (number <= script.freeEpisodes) return 0;
  const i = Math.min(number - script.freeEpisodes - 1, script.prices.length - 1);
  return script.prices[i]!;
}
