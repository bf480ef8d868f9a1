import { z } from 'zod';
import { say } from '../localized.js';
import { defineTool, workPath } from './tool.js';

const TEXTS = {
  opening: {
    en_US: 'Opening {title}.',
    zh_CN: '正在打开《{title}》。',
    ja_JP: '「{title}」を開きます。',
  },
  missing: {
    en_US: 'I cannot find that work. It may not be published.',
    zh_CN: '找不到这部作品，它可能尚未发布。',
    ja_JP: 'その作品が見つかりません。公開されていない可能性があります。',
  },
};

/** Takes the player to a published work's page: the browser goes there at once. */
export const openWork = defineTool({
  name: 'open_work',
  description: 'Open the page of one published story or series (by the id find_works gave).',
  args: z.strictObject({ work_id: z.number().int().positive() }),
  async run(ctx, { work_id }) {
    const [card] = await ctx.readers.workCards([work_id], ctx.locale);
    if (!card)
      return {
        facts: { opened: false },
        say: say(TEXTS.missing, ctx.locale),
        workIds: [],
        actions: [],
      };
    return {
      facts: { opened: true, work: { id: card.id, title: card.title, kind: card.kind } },
      say: say(TEXTS.opening, ctx.locale, { title: card.title }),
      workIds: [card.id],
      actions: [{ kind: 'open', path: workPath(card.id), label: card.title, auto: true }],
    };
  },
});
