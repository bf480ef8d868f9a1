import { z } from 'zod';
import { say } from '../localized.js';
import { defineTool, workPath } from './tool.js';

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

/** The player's most recently played game, as the home's "continue" row lists it. */
export const continueLastGame = defineTool({
  name: 'continue_last_game',
  description: "Continue the player's most recently played story where they left off.",
  args: z.strictObject({}),
  async run(ctx) {
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
