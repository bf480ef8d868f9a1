import { say } from '../localized.js';
import { pageHintOf } from '../page-hint.js';
import {
  type AssistantTool,
  continueLastGame,
  explainPayment,
  explainTopic,
  findWorks,
  openTopup,
  openWork,
  reportProblem,
  type ToolContext,
  walletSummary,
} from '../tools/index.js';
import { moodsIn } from '../tools/moods.js';
import type { AssistantEngine, EngineReply } from './engine.js';
import { GREETING, HELP } from './help-text.js';
import { intentOf, kindIn, type Place, searchWordsOf } from './intents.js';
import { ReplyParts, runTool } from './run-tool.js';
import { foldTypos } from './typos.js';

/** Runs one tool whose arguments the engine built itself (so they always parse). */
async function use(parts: ReplyParts, tool: AssistantTool, ctx: ToolContext, args: object) {
  const ran = await runTool(tool, ctx, args);
  if (!ran.ok) throw new Error(`offline engine built bad arguments for ${tool.name}: ${ran.error}`);
  parts.add(tool.name, ran.args, ran.outcome);
  return ran.outcome;
}

/** A search from the message: its mood words, else what is left of it as a title. */
function searchArgs(text: string) {
  const kind = kindIn(text);
  if (moodsIn(text).length > 0) return { mood: text.slice(0, 60), kind };
  const title = searchWordsOf(text).slice(0, 100);
  return { ...(title ? { title } : {}), kind };
}

/**
 * The page as far as it is true: a work's page counts only when that work is published (the
 * browser's word is a hint; the card lookup is what its page would show), and of which kind.
 */
async function placeOf(ctx: ToolContext): Promise<{ place: Place; workId: number | null }> {
  const hint = pageHintOf(ctx.page);
  if (hint.kind !== 'work') return { place: hint.kind, workId: null };
  const [card] = await ctx.readers.workCards([hint.workId], ctx.locale);
  return card ? { place: card.kind, workId: card.id } : { place: 'elsewhere', workId: null };
}

/** The message as the tables read it: one form of each letter, apostrophe and known typo. */
export function foldMessage(text: string): string {
  return foldTypos(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[’‘`´]/g, "'")
      .trim(),
  );
}

/**
 * The engine with no model: one intent per message, matched by pattern tables in the three
 * languages and the page it was sent from, one or two tools, and the reply the tools wrote in
 * the player's language.
 */
export function createOfflineEngine(): AssistantEngine {
  return {
    name: 'offline',
    async reply({ text, ctx }): Promise<EngineReply> {
      const folded = foldMessage(text);
      const { place, workId } = await placeOf(ctx);
      const intent = intentOf(folded, place);
      // Only intents the page made `here` reach this id, and only with a published work's.
      const here = workId !== null ? { work_id: workId } : {};
      const parts = new ReplyParts();
      const said = async (tool: AssistantTool, args: object = {}) =>
        parts.reply((await use(parts, tool, ctx, args)).say);
      switch (intent.kind) {
        case 'report':
          return said(reportProblem, { description: text.trim() });
        case 'payment':
          return said(explainPayment);
        case 'topic':
          return said(explainTopic, { topic: intent.topic, ...(intent.here ? here : {}) });
        case 'topup':
          return said(openTopup);
        case 'wallet':
          return said(walletSummary);
        case 'continue':
          return said(continueLastGame, intent.here ? here : {});
        case 'open': {
          if ('here' in intent) return said(openWork, here);
          const found = await use(parts, findWorks, ctx, { title: intent.title.slice(0, 100) });
          const first = found.workIds[0];
          // "I want to play X" is a title only when X is no mood and names one work alone;
          // "I want to read something scary" or a word in several titles is a search.
          const named = intent.ifOne
            ? found.workIds.length === 1 && moodsIn(intent.title).length === 0
            : true;
          if (first !== undefined && named) return said(openWork, { work_id: first });
          // Not a title ("play something romantic"): a search instead.
          return parts.reply((await use(parts, findWorks, ctx, searchArgs(folded))).say);
        }
        case 'find':
          return said(findWorks, intent.here ? here : searchArgs(folded));
        case 'greeting':
          return parts.reply(say(GREETING, ctx.locale) + say(HELP, ctx.locale));
        case 'unknown':
          // A bare mood or genre ("something scary", "恋爱") is still a search.
          if (moodsIn(folded).length > 0) return said(findWorks, searchArgs(folded));
          return parts.reply(say(HELP, ctx.locale));
      }
    },
  };
}
