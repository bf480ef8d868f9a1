import type { AssistantTopic, WorkKind } from '@taleforge/contracts/constants';
import {
  ABOUT_HERE,
  AMOUNT_HELD,
  DEICTIC,
  NEXT,
  OPEN_HERE,
  PAYMENT_HERE,
  PRICE_HERE,
  TECHNICAL,
  WALLET_HERE,
} from './page-phrases.js';
import { FAILED_JA, GEM_ZH, WAS_DOING_JA } from './words.js';

/**
 * What the offline engine understands, as patterns in the three languages. A message is matched
 * against every language's patterns (a player may type English with the interface in Japanese);
 * the reply is in the interface's language. Chinese and Japanese are matched as substrings, since
 * they put no spaces between words; English by whole words. Earlier intents win: "report a
 * failed payment" is a report, "my top-up failed" a payment question, "buy gems" a top-up.
 * The page the assistant is opened on settles what the words alone cannot (page-phrases.ts);
 * `here` marks an intent about the work whose page it is.
 */
export type Intent =
  | { kind: 'report' }
  | { kind: 'payment' }
  | { kind: 'topic'; topic: AssistantTopic; here?: true }
  | { kind: 'topup' }
  | { kind: 'wallet' }
  | { kind: 'continue'; here?: true }
  /** `ifOne`: the words are a title only if they name exactly one work ("I want to play X"). */
  | { kind: 'open'; title: string; ifOne?: true }
  | { kind: 'open'; here: true }
  | { kind: 'find'; here?: true }
  | { kind: 'greeting' }
  | { kind: 'unknown' };

/** The page as the engine has checked it: a work's page only when that work is published. */
export type Place = 'story' | 'series' | 'wallet' | 'payment' | 'elsewhere';

const any =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((p) => p.test(text));

const REPORT = any(
  /\b(report|bug|bugs|broken|crash|crashed|crashes|crashing|glitch|glitches|glitching|glitchy|keeps (freezing|loading)|loading forever|not working|does ?n.?t work|is ?n.?t working|won.?t (load|play|open|start)|not loading|frozen|freezes|froze|no sound|stopped (working|playing|loading))\b/,
  /报告|反馈|故障|出错了|坏了|打不开|闪退|死机|白屏|黑屏|加载不出|一直加载|转圈|播放不了|放不出|没(有)?声音|显示不出/,
  /報告|不具合|バグ|壊れ|動かない|開かない|落ち(る|た|て)|フリーズ|真っ白|読み込めない|読み込み中|ロードが終わらない|(再生|表示)(でき|され)ない|音が出ない/,
);
/** Spending already done is the player's own history, even when it names gems ("ジェムは何に使った"). */
const SPENT = any(
  /\b(spent|used my gems|where did my gems go)\b/,
  /花了|花在|花哪|用在|用到哪/,
  /使った|使っ(ちゃ|てしま)った/,
);
/** "Stuck" is a fault of the site, except inside a story, where it is the story's puzzle. */
const STUCK = any(/\b(stuck|hangs|hanging)\b/, /卡住|卡死|卡了/, /固まる|固まった|止まった/);
/** Only a report, even on a payment's page: the player asks for support by name. */
const REPORT_BY_NAME = any(/\b(report|bug|bugs|support)\b/, /报告|反馈|客服/, /報告|バグ|サポート/);
const PAYMENT = any(
  /\b(payment|pay|paid|order|checkout|purchase|top[ -]?up)\b.*\b(fail|failed|fails|declined|cancel|cancelled|canceled|timed? ?out|went wrong|did ?n.?t|not go through|error|problem)\b/,
  /\b(fail|failed|declined)\b.*\b(pay|payment|order|purchase|top[ -]?up)\b/,
  /(支付|付款|订单|充值|付钱).*(失败|取消|超时|没成功|不成功|没有到账|没到账|出错|问题|不了|没通过)/,
  new RegExp(
    `(支払|払[いうえっ]|決済|注文|チャージ|購入).*(${FAILED_JA}|キャンセル|タイムアウト|届かな|反映されな)`,
  ),
  // "Was I charged?": money taken is a question about a payment on any page.
  /\b(was i|did (you|it|they)|have i been|i was|i got|been) (charged|billed)\b/,
  /扣(了)?(我)?(的)?钱|扣款了|钱(被)?扣/,
  /(お金|代金|料金)(が|を|は)?(引かれ|引き落とされ|取られ)/,
);
const TOPICS: [AssistantTopic, (text: string) => boolean][] = [
  [
    'refunds',
    any(
      /\b(refunds?|refundable|money back)\b/,
      /退款|退钱|退费|钱.{0,3}退/,
      // 返す in its forms: 返して(もらえる), 返せ, 返ってくる; 戻る of money too.
      /返金|払い戻し|(お金|代金|料金)(を|は|が|って)?(返|戻っ|戻して|戻る|戻ら)/,
    ),
  ],
  [
    'expiry',
    any(
      /\b(expire|expires|expired|expiry|expiration|valid|validity)\b|\bhow long (do|does|will|can) (my )?gems (last|stay|keep)\b/,
      // Asked about gems in general ("do gems run out?", "will they vanish after a while?"):
      // "I ran out of gems" says the player's own are spent, a top-up.
      /\b(when|do|does|will|can|would) (my |the |your )?gems (ever |eventually |just )?(run out|go away|disappear|vanish|go bad|time out|last forever)\b|\bgems?\b.*\b(after a while|over time|eventually|time limit|forever|a deadline)\b/,
      /过期|有效期|失效/,
      /期限|有効|失効|いつまで(使|もつ|持つ)/,
    ),
  ],
  [
    'prices',
    any(
      /\b(prices?|cost|costs|how much (is|are|do|does)|packs?|pricing|how expensive)\b/,
      /价格|多少钱|价钱|套餐|收费/,
      /価格|値段|いくら|料金|パック/,
    ),
  ],
  [
    'gems',
    any(
      /\bwhat (are|is) (a )?gems?\b|\bgems? (for|mean)\b|\babout gems\b|\bhow do gems work\b/,
      new RegExp(
        `什么是${GEM_ZH}|${GEM_ZH}.{0,4}(是什么|有什么用|有啥用|干什么|做什么|怎么用|用来)`,
      ),
      /ジェム.{0,4}(とは|って何|は何|の使い|何に使)/,
    ),
  ],
];
const TOPUP = any(
  /\b(top[ -]?up|topup|recharge|buy (some |more )?gems|purchase gems|get (some |more )?gems|add (some |more )?gems|(not enough|out of|need more|ran out of|run out of) gems)\b/,
  new RegExp(
    `充值|(买|购买|购入)(点|些|一些)?${GEM_ZH}|充.{0,2}钱|${GEM_ZH}(快|都|已经)?(不够|不足|用完|没了|花光|用光|没有了)|(没有|没)${GEM_ZH}了|(去|在)?哪(里|儿)?(买|充)|(获得|获取|得到|拿到|赚)(更多)?${GEM_ZH}|${GEM_ZH}(从哪里?|哪里|怎么|在哪)(来|获得|得到|买)`,
  ),
  // 買う in every form (買いたい, 買える, 買った, 買お…), after the gem with any particle.
  /チャージ|課金|ジェム(を|は|が|の|って|も)?(どこで|どこから|どうやって|どう|もっと)?(買|購入|追加|手に入|入手|増や|もら)|ジェムが?足りな|ジェムが(なくな|無くな|切れ|ない)/,
);
const WALLET = any(
  /\b(balance|how many gems|my gems|gems do i have|spent|spending|spend|wallet|transactions?|purchase history|my purchases|what i (bought|purchased)|what did i (buy|purchase))\b/,
  new RegExp(`余额|多少${GEM_ZH}|多少颗|我的${GEM_ZH}|花了|消费|钱包|花费|消费记录|明细`),
  /残高|ジェム(は|が|って)?(あと|今|いま)?(いくつ|何個)|何個|使った|支出|ウォレット|所持|履歴/,
);
const CONTINUE = any(
  /\b(continue|resume|keep playing|keep going|carry on|where i left|last game|pick up where|go on)\b/,
  // Going back to a work the player was in: "take me back to…", "the story I was reading".
  /\b(take|bring|get) me back\b|\b(go|get) back to (the |my )?(story|game|series|show|drama|episode|chapter|where)\b|\b(story|game|series|show|drama|one|episode|chapter) i (was|were|have been|'ve been) (reading|playing|watching|on)\b/,
  /继续|接着玩|上次|接着看|回到(我)?(刚才|之前|上回|原来)/,
  // 戻る in its forms (戻りたい, 戻って, 戻れる) after the place or work gone back to.
  new RegExp(
    `続き|続けて|再開|前回|(話|物語|ゲーム|ドラマ|作品|ところ|所|場面|シリーズ)に戻|${WAS_DOING_JA}(話|物語|ゲーム|ドラマ|作品|やつ|の|ところ|シリーズ)`,
  ),
);
const OPEN_EN = /^\s*(?:please\s+)?(?:open|play|start|launch|go to|take me to)\s+(.+?)[.!?]*$/;
/** "I want to play X", "can I read X": X may be a title, or a kind of thing wanted. */
const WISH_EN =
  /^\s*(?:please\s+)?(?:(?:i\s+)?(?:really\s+)?(?:want|wanna|would like|'d like|feel like)\s+(?:to\s+)?|let me\s+|let'?s\s+|can i\s+|could i\s+|may i\s+)(?:play|read|watch|start|open|try)(?:ing)?\s+(.+?)[.!?]*$/;
const OPEN_ZH =
  /(?:打开|玩一下|开始玩|进入|我要玩|我想玩|我要看|我想看)\s*[《「“"]?(.+?)[》」”"]?[。！!]*$/;
const OPEN_JA = /^[「『"]?(.+?)[」』"]?を(?:開いて|開く|開け|遊びたい|遊ぶ|始めて|プレイ)/;
const FIND = any(
  /\b(find|recommend|suggest|looking for|look for|search|show me|anything|something|want to (read|play|watch))\b/,
  /\bany\b.*\b(stories|story|shows?|series|games?|dramas?)\b/,
  /找|推荐|想看|想玩|搜索|有没有|来个|来一个/,
  /探して|探す|おすすめ|検索|読みたい|見たい|遊びたい|ありますか/,
);
const GREETING = any(
  /^\s*(hi|hello|hey|good (morning|evening|afternoon))\b/,
  /你好|您好|嗨/,
  /こんにちは|こんばんは|おはよう|やあ/,
);

const SERIES = any(
  /\b(series|dramas?|episodes?|shows?|videos?)\b/,
  /短剧|剧集|连续剧|视频/,
  /ドラマ|シリーズ|動画|エピソード/,
);
const STORY = any(/\b(games?|interactive)\b/, /游戏|互动/, /ゲーム/);

/** Works of one kind when the player named it ("a drama", "游戏"); both otherwise. */
export function kindIn(text: string): WorkKind | undefined {
  if (SERIES(text)) return 'series';
  if (STORY(text)) return 'story';
  return undefined;
}

/** The words of a message without its closing punctuation and politeness, for DEICTIC. */
const bare = (title: string) =>
  title
    .replace(/\b(please|now|for me)\b|^(watching|reading|playing)\s+/g, '')
    .replace(/[\s.!?。！？]+$|^\s+|吧$|ください$/g, '')
    .trim();

/**
 * The intent of a message (already folded: NFKC, lowercase) on the page it was sent from. The
 * words decide first; the page only decides what they leave open ("it", "what now?", "how much?").
 */
export function intentOf(text: string, place: Place = 'elsewhere'): Intent {
  const onWork = place === 'story' || place === 'series';
  if (place === 'payment' && PAYMENT_HERE(text) && !REPORT_BY_NAME(text))
    return { kind: 'payment' };
  if (REPORT(text)) return { kind: 'report' };
  if (STUCK(text) && (place !== 'story' || TECHNICAL(text))) return { kind: 'report' };
  if (PAYMENT(text)) return { kind: 'payment' };
  if (AMOUNT_HELD(text) || SPENT(text)) return { kind: 'wallet' };
  for (const [topic, test] of TOPICS) {
    if (!test(text)) continue;
    return topic === 'prices' && onWork
      ? { kind: 'topic', topic, here: true }
      : { kind: 'topic', topic };
  }
  if (onWork && PRICE_HERE(text)) return { kind: 'topic', topic: 'prices', here: true };
  if (TOPUP(text)) return { kind: 'topup' };
  if (WALLET(text)) return { kind: 'wallet' };
  if (place === 'wallet' && WALLET_HERE(text)) return { kind: 'wallet' };
  if (CONTINUE(text)) return onWork ? { kind: 'continue', here: true } : { kind: 'continue' };
  if (onWork && NEXT(text)) return { kind: 'continue', here: true };
  const opened = (OPEN_EN.exec(text) ?? OPEN_ZH.exec(text) ?? OPEN_JA.exec(text))?.[1];
  const named = opened ?? WISH_EN.exec(text)?.[1];
  const title = named === undefined ? undefined : bare(named);
  // "Play it", "开始玩吧": no title but the page's work.
  if (title !== undefined && onWork && (title === '' || DEICTIC(title))) {
    return { kind: 'open', here: true };
  }
  if (title)
    return opened === undefined ? { kind: 'open', title, ifOne: true } : { kind: 'open', title };
  if (onWork && OPEN_HERE(text)) return { kind: 'open', here: true };
  if (onWork && ABOUT_HERE(text)) return { kind: 'find', here: true };
  if (FIND(text)) return { kind: 'find' };
  if (GREETING(text)) return { kind: 'greeting' };
  return { kind: 'unknown' };
}

/** Words around a title in a search ("find me the …", "找一下…", "…を探して"), dropped. */
const FILLER = [
  /\b(please|find|me|a|an|the|some|any|story|stories|game|games|series|drama|called|named|recommend|suggest|search|for|looking|look|show|i|want|to|read|play|watch|something|anything)\b/g,
  /请|帮我|找|一下|一个|一部|个|部|的|故事|游戏|短剧|推荐|搜索|叫|名叫|想看|想玩|有没有|来/g,
  /(?:の)?(?:物語|ゲーム|ドラマ)|を|探して|探す|おすすめ|検索|という|って|ください|読みたい|見たい|ありますか/g,
];

/** What is left of a search message once the command words are gone: maybe a title. */
export function searchWordsOf(text: string): string {
  let rest = text;
  for (const filler of FILLER) rest = rest.replace(filler, ' ');
  return rest.replace(/[\s.,!?。、！？「」『』《》"“”]+/g, ' ').trim();
}
