import type { GameCard } from '@taleforge/contracts';
import { ASSISTANT_LIMITS, SCRIPT_TYPES, WORK_KINDS } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { foldForSearch } from '../../games/index.js';
import { joinList, say } from '../localized.js';
import { moodsIn } from './moods.js';
import { defineTool, type ToolContext, workPath } from './tool.js';
import { workPrices } from './work-prices.js';

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
  work_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('One work to tell about instead of a search: the one whose page the player is on'),
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

const ABOUT = {
  work: {
    en_US: '{title} is {kind} by {creator}. {description}',
    zh_CN: '《{title}》是{creator}创作的{kind}。{description}',
    ja_JP: '「{title}」は{creator}の{kind}です。{description}',
  },
  story: { en_US: 'an interactive story', zh_CN: '互动故事', ja_JP: '物語ゲーム' },
  series: { en_US: 'a drama series', zh_CN: '短剧', ja_JP: 'ドラマシリーズ' },
};

/** One published work told about: what it is, who made it, what it costs this player. */
async function aboutWork(ctx: ToolContext, workId: number) {
  const [card] = await ctx.readers.workCards([workId], ctx.locale);
  if (!card) return null;
  const parts = await ctx.readers.workParts(ctx.userId, ctx.locale, card.id);
  const prices = parts ? workPrices(card, parts, ctx.locale) : null;
  const about = say(ABOUT.work, ctx.locale, {
    title: card.title,
    kind: ABOUT[card.kind][ctx.locale],
    creator: card.creator.nick_name,
    description: card.description.trim(),
  });
  return {
    facts: {
      work: {
        id: card.id,
        title: card.title,
        kind: card.kind,
        genre: card.script_type,
        tags: card.tags,
        description: card.description,
        creator: card.creator.nick_name,
        ...(prices ? prices.facts : {}),
      },
    },
    say: prices ? `${about} ${prices.say}` : about,
    workIds: [card.id],
    actions: [],
  };
}

/** Stories and series by genre, mood or title; the player opens one from the cards. */
export const findWorks = defineTool({
  name: 'find_works',
  description:
    'Find stories and drama series in the catalogue by genre, mood or title; returns up to 4 works the player can open. With work_id, tells about that one work instead (what it is, who made it, what it costs).',
  args,
  async run(ctx, a) {
    const about = a.work_id ? await aboutWork(ctx, a.work_id) : null;
    if (about) return about;
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
