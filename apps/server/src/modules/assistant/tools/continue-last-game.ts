import { z } from 'zod';
import { say } from '../localized.js';
import { defineTool, type ToolContext, workPath } from './tool.js';
import { notStartedSaid, seriesNextSaid, storyPlaceSaid } from './work-place.js';

const TEXTS = {
  resume: {
    en_US: 'Taking you back to {title}{chapter}.',
    zh_CN: '带你回到《{title}》{chapter}。',
    ja_JP: '「{title}」{chapter}に戻ります。',
  },
  chapter: { en_US: ', {chapter}', zh_CN: '：{chapter}', ja_JP: '（{chapter}）' },
  none: {
    en_US: 'You have not started a story yet. Ask me to find one you might like.',
    zh_CN: '你还没有开始任何故事。让我帮你找一个喜欢的吧。',
    ja_JP: 'まだ物語を始めていません。好みの物語を探すよう頼んでみてください。',
  },
};

/**
 * The way on in one published work, read from the player's own save or watch list: where they
 * are, what is open before them and what the next part costs. Nothing is started or changed.
 */
async function wayOnIn(ctx: ToolContext, workId: number) {
  const [card] = await ctx.readers.workCards([workId], ctx.locale);
  const parts = card ? await ctx.readers.workParts(ctx.userId, ctx.locale, card.id) : null;
  if (!card || !parts) return null;
  if (card.kind === 'series') {
    const next = parts.find((p) => !p.completed);
    return {
      facts: {
        work: { id: card.id, title: card.title, kind: card.kind },
        next_episode: next ?? null,
      },
      say: seriesNextSaid(card, parts, ctx.locale),
      workIds: [],
      actions: [],
    };
  }
  const place = await ctx.readers.storyPlace(ctx.userId, ctx.locale, card.id);
  return {
    facts: {
      work: { id: card.id, title: card.title, kind: card.kind },
      started: place !== null,
      place,
    },
    say: place
      ? storyPlaceSaid(card, place, ctx.locale)
      : notStartedSaid(card, parts[0], ctx.locale),
    workIds: [],
    actions: [],
  };
}

/** The player's most recently played game, as the home's "continue" row lists it. */
export const continueLastGame = defineTool({
  name: 'continue_last_game',
  description:
    'Continue the player\'s most recently played story where they left off. With work_id (the work whose page the player is on): where they are in it and the way on, for "what now?" or "I\'m stuck".',
  args: z.strictObject({ work_id: z.number().int().positive().optional() }),
  async run(ctx, { work_id }) {
    const here = work_id ? await wayOnIn(ctx, work_id) : null;
    if (here) return here;
    const { list } = await ctx.readers.userGames(ctx.userId, ctx.locale, 1, 1);
    const last = list[0];
    if (!last)
      return {
        facts: { last_game: null },
        say: say(TEXTS.none, ctx.locale),
        workIds: [],
        actions: [],
      };
    const chapter = last.chapter_title
      ? say(TEXTS.chapter, ctx.locale, { chapter: last.chapter_title })
      : '';
    return {
      facts: {
        last_game: {
          id: last.game.id,
          title: last.game.title,
          chapter: last.chapter_title,
          progress_percent: last.progress_percent,
        },
      },
      say: say(TEXTS.resume, ctx.locale, { title: last.game.title, chapter }),
      workIds: [last.game.id],
      actions: [{ kind: 'open', path: workPath(last.game.id), label: last.game.title, auto: true }],
    };
  },
});
