import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import { z } from 'zod';
import { say } from '../localized.js';
import { defineTool } from './tool.js';

const TEXT = {
  en_US:
    'I have drafted a report for support. Check it and send it if you agree; nothing is sent until you do.',
  zh_CN: '我已为客服起草了一份报告。请确认，同意后再发送；在你同意之前不会发送任何内容。',
  ja_JP:
    'サポート向けの報告を下書きしました。内容を確認し、同意したら送信してください。同意するまで何も送信されません。',
};

/** A draft for support; only the player's consent (the report call) stores anything. */
export const reportProblem = defineTool({
  name: 'report_problem',
  description:
    'Draft a problem report for support. The player reviews it and sends it themselves; nothing is sent by this tool.',
  args: z.strictObject({ description: z.string().min(1).max(ASSISTANT_LIMITS.reportMaxChars) }),
  async run(ctx, { description }) {
    const draft = description.trim().slice(0, ASSISTANT_LIMITS.reportMaxChars);
    return {
      facts: { drafted: true, sent: false },
      say: say(TEXT, ctx.locale),
      workIds: [],
      actions: [{ kind: 'report', draft }],
    };
  },
});
