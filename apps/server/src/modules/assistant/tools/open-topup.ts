import { z } from 'zod';
import { say } from '../localized.js';
import { defineTool } from './tool.js';

const TEXT = {
  en_US: 'Opening top-up. Nothing is bought until you choose a pack and pay.',
  zh_CN: '正在打开充值。在你选择套餐并付款之前，不会购买任何东西。',
  ja_JP: 'チャージを開きます。パックを選んで支払うまで何も購入されません。',
};

/** Opens the top-up dialog; the player buys there, never here. */
export const openTopup = defineTool({
  name: 'open_topup',
  description: 'Open the top-up dialog where the player can buy gems themselves.',
  args: z.strictObject({}),
  async run(ctx) {
    return {
      facts: { opened: true },
      say: say(TEXT, ctx.locale),
      workIds: [],
      actions: [{ kind: 'topup' }],
    };
  },
});
