import type { GameCard } from '@taleforge/contracts';
import { ASSISTANT_LIMITS, SCRIPT_TYPES, WORK_KINDS } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { foldForSearch } from '../../games/index.js';
import { joinList, say } from '../localized.js';
import { moodsIn } from './moods.js';
import { defineTool, type ToolContext, workPath } from './tool.js';

const args = z.strictObject({
  genre: z.enum(SCRIPT_TYPES).optional().describe('A genre of the catalogue'),
  mood: z
    .string()
    .max(60)
    .optional()
    .describe('What the player feels like, in their words (romantic, scary, cozy, 恋爱, 怖い…)'),
  title: z.string().max(100).optional().describe('Part of a title the player named'),
  kind: z
    .enum(WORK_KINDS)
    .optional()
    .describe('story: interactive stories; series: drama episodes'),
});
type Args = z.infer<typeof args>;

/** Enough of the catalogue to look through for one answer (the browse page's longest page). */
const LOOK_AT = 50;

/**
 * The works that fit, best first: a named title, then the mood's tags and genres (or, for a
 * mood the table does not know, its words in titles and descriptions), then the genre alone.
 */
async function matchWorks(ctx: ToolContext, a: Args): Promise<number[]> {
  const list = (q: string | undefined, genre = a.genre, locale = ctx.locale) =>
    ctx.readers
      .listWorks(
        { sort: 'popular', page_size: LOOK_AT, kind: a.kind, script_type: genre, q: q ?? null },
        locale,
      )
      .then((page) => page.list);
  const found: GameCard[][] = [];
  if (a.title) {
    const named = await list(a.title);
    // A title written in another language than the interface's (typed from a poster, say).
    found.push(named.length > 0 ? named : await list(a.title, a.genre, 'en_US'));
  }
  if (a.mood) {
    const moods = moodsIn(a.mood);
    for (const mood of moods) {
      // Tags are searched as the English game.json writes them.
      for (const tag of mood.tags) found.push(await list(tag, a.genre, 'en_US'));
      if (!a.genre) for (const genre of mood.genres) found.push(await list(undefined, genre));
    }
    if (moods.length === 0) {
      const words = foldForSearch(a.mood);
      const all = await list(undefined);
      found.push(all.filter((c) => foldForSearch(`${c.title} ${c.description}`).includes(words)));
    }
  }
  if (!a.title && !a.mood) found.push(await list(undefined));
  return [...new Set(found.flat().map((card) => card.id))];
}

const TEXTS = {
  found: {
    en_US: 'Here is what I found: {titles}.',
    zh_CN: '我找到了这些：{titles}。',
    ja_JP: 'こちらが見つかりました：{titles}。',
  },
  none: {
    en_US:
      'I could not find a story or series like that. Try a genre such as romance, mystery or sci-fi.',
    zh_CN: '没有找到这样的故事或短剧。试试恋爱、悬疑或科幻之类的类型吧。',
    ja_JP:
      'そのような物語やドラマは見つかりませんでした。恋愛、ミステリー、SF などのジャンルで探してみてください。',
  },
};

/** Stories and series by genre, mood or title; the player opens one from the cards. */
export const findWorks = defineTool({
  name: 'find_works',
  description:
    'Find stories and drama series in the catalogue by genre, mood or title. Returns up to 4 works the player can open.',
  args,
  async run(ctx, a) {
    const ids = (await matchWorks(ctx, a)).slice(0, ASSISTANT_LIMITS.worksPerAnswer);
    const byId = new Map((await ctx.readers.workCards(ids, ctx.locale)).map((c) => [c.id, c]));
    const cards = ids.flatMap((id) => byId.get(id) ?? []);
    return {
      facts: {
        works: cards.map((c) => ({
          id: c.id,
          title: c.title,
          kind: c.kind,
          genre: c.script_type,
          tags: c.tags,
          description: c.description,
        })),
      },
      say:
        cards.length > 0
          ? say(TEXTS.found, ctx.locale, {
              titles: joinList(
                cards.map((c) => c.title),
                ctx.locale,
              ),
            })
          : say(TEXTS.none, ctx.locale),
      workIds: cards.map((c) => c.id),
      actions: cards.map((c) => ({
        kind: 'open' as const,
        path: workPath(c.id),
        label: c.title,
        auto: false,
      })),
    };
  },
});
