import type { CallData, studioAnalyticsCall } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import type { LocalizedText } from '../../../platform/db/schema/index.js';
import { localize } from '../../games/index.js';
import type { SavePlay } from '../../play/index.js';

export type StudioAnalytics = CallData<typeof studioAnalyticsCall>;
type ChapterFigures = StudioAnalytics['chapters'][number];

export interface ChapterInfo {
  id: number;
  position: number;
  title: LocalizedText;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function countBy<K>(keys: K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * A chapter's figures from the saves: a save that stands in the chapter or has finished it
 * started it; one that stands in it unfinished dropped off at its knot. Choice shares come from
 * the choice points saves keep of the chapter they stand in.
 */
function chapterFigures(chapter: ChapterInfo, plays: SavePlay[], locale: Locale): ChapterFigures {
  const here = plays.filter((p) => p.chapterId === chapter.id);
  const done = plays.filter((p) => p.completedChapters.includes(chapter.id));
  const dropped = here.filter((p) => !p.ended && !p.completedChapters.includes(chapter.id));
  const drop_off = [...countBy(dropped.map((p) => p.knot))]
    .map(([knot, players]) => ({ knot, players }))
    .sort((a, b) => b.players - a.players || a.knot.localeCompare(b.knot));

  const picks = countBy(
    here.flatMap((p) => p.choices.map((c) => JSON.stringify([c.knot, localize(c.chosen, locale)]))),
  );
  const perKnot = new Map<string, number>();
  for (const [key, n] of picks) {
    const [knot] = JSON.parse(key) as [string, string];
    perKnot.set(knot, (perKnot.get(knot) ?? 0) + n);
  }
  const choices = [...picks]
    .map(([key, n]) => {
      const [knot, text] = JSON.parse(key) as [string, string];
      return { knot, text, picks: n, share: n / (perKnot.get(knot) ?? n) };
    })
    .sort((a, b) => a.knot.localeCompare(b.knot) || b.picks - a.picks);

  return {
    position: chapter.position,
    title: localize(chapter.title, locale),
    starts: new Set([...here, ...done]).size,
    completions: done.length,
    drop_off,
    choices,
  };
}

/** Players by the day their save was last played, every day of the range (zeros included). */
function dailyStarts(plays: SavePlay[], from: Date, to: Date): StudioAnalytics['daily'] {
  const counts = countBy(plays.map((p) => dayOf(p.updatedAt)));
  const days: StudioAnalytics['daily'] = [];
  for (let at = Date.parse(dayOf(from)); at <= to.getTime(); at += DAY_MS) {
    const day = dayOf(new Date(at));
    days.push({ day, starts: counts.get(day) ?? 0 });
  }
  return days;
}

export function aggregatePlays(input: {
  chapters: ChapterInfo[];
  plays: SavePlay[];
  gems: StudioAnalytics['gems'];
  from: Date;
  to: Date;
  locale: Locale;
}): StudioAnalytics {
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    gems: input.gems,
    chapters: input.chapters.map((c) => chapterFigures(c, input.plays, input.locale)),
    daily: dailyStarts(input.plays, input.from, input.to),
  };
}
