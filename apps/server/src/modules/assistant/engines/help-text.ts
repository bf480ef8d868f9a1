import type { Texts } from '../localized.js';

/** What the offline engine says when it does not understand: everything it can do. */
export const HELP: Texts = {
  en_US:
    'I can help with: finding a story or series by genre, mood or title ("find me a romance story"), opening one, continuing your last game, telling your gem balance and recent spending, explaining gems, prices, expiry and refunds, opening top-up, explaining a failed payment, and reporting a problem to support. On a story’s page, ask me what to do next or whether it is free.',
  zh_CN:
    '我可以帮你：按类型、心情或标题找故事或短剧（例如“找一个恋爱故事”）、打开作品、继续上次的游戏、查看宝石余额和最近的消费、解释宝石、价格、有效期和退款规则、打开充值、解释失败的付款，以及向客服报告问题。在故事页面上，可以问我接下来怎么做、是否免费。',
  ja_JP:
    'お手伝いできること：ジャンル・気分・タイトルで物語やドラマを探す（例：「恋愛の物語を探して」）、作品を開く、前回のゲームの続き、ジェムの残高と最近の支出、ジェム・価格・有効期限・返金のルールの説明、チャージを開く、失敗した支払いの説明、サポートへの問題の報告。物語のページでは、次にどうするか、無料かどうかも聞けます。',
};

export const GREETING: Texts = {
  en_US: 'Hello! ',
  zh_CN: '你好！',
  ja_JP: 'こんにちは！',
};
