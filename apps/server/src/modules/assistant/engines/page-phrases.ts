/**
 * Phrasings that mean something only because of the page the assistant is opened on: "what now?"
 * on a story is about that story, "is it free?" on a work's page about that work, "how much do I
 * have?" on the wallet about the balance, "what happened?" after a payment about that payment.
 * Each table holds English (whole words), Chinese and Japanese (substrings), like intents.ts.
 */
import { GEM_ZH } from './words.js';

const any =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((p) => p.test(text));

/** "It", "this one", "this story": the work whose page this is. */
export const DEICTIC = any(
  /^(it|this|that|this one|that one|here|(this|that|the) (story|game|series|drama|show|work|one|thing|episode|chapter)s?)$/,
  /^(它|这个|这部|这款|那个|这里|这儿|这部(作品|剧|短剧)|这个(故事|游戏|作品))$/,
  /^(これ|それ|この(作品|物語|ゲーム|ドラマ|話|シリーズ))$/,
);

/** Where am I, what now, a hint: the player wants the way on in the work they are in. */
export const NEXT = any(
  /\b(what (should|do|can|shall|must) i (do|try|pick|choose)|what (now|next)|what'?s next|now what|next step|stuck|hints?|clues?|tips?|where am i|where was i|how (do|can) i (get past|go on|progress|proceed|move on|finish|win|beat)|how (do|does) (this|it) work|how (do|can) i play|which (one|choice|option)|what do i pick|lost|walkthrough|guide|(supposed|meant) to (do|pick|choose)|where (do|should|can) i go|where to go|(not sure|don'?t know|no idea) what to do|which chapter am i)\b/,
  /^(please )?help( me)?( out| here)?( please)?[.!?]*$/,
  /下一步|下一集|第几章|到哪(一章|一集|了|里)|哪一集|看哪|看到哪|接下来|然后呢|现在(该|要)?(做|干)?(什么|啥|怎么办)|该(怎么|干嘛|做什么|做啥)|怎么办|卡关|卡住|卡在|过不去|提示|攻略|线索|我在哪|到哪了|选哪|怎么选|建议|帮帮我|帮我一下|怎么玩|迷路/,
  /次(は|に|へ)?(どう|何|なに|どれ)|今(何|どこ)|何章目|どうすれば|どうしたら|どうする|何をすれば|何すれば|なにすれば|詰んだ|詰まった|詰まって|行き詰|進めない|進まない|ヒント|攻略|手がかり|どこまで|今どこ|どれを選|どっちを選|どれがいい|助けて|遊び方|どうやって(遊|進)|(どう|どうやって)進め|進め方|迷って/,
);

/** A lock, a price or "free" asked about the work on screen. */
export const PRICE_HERE = any(
  /\b(free|for free|cost|costs|price|priced|paid|pay|how much|unlock|unlocking|locked|need gems|gems? (do i )?need)\b/,
  /免费|收费|要钱|花钱|付费|多少钱|花多少|要多少|价格|价钱|几颗|解锁|锁住|上锁/,
  /無料|タダ|有料|お金|ジェム(が|は)?(いる|要る|必要)|いくら|値段|料金|解放|ロック|鍵|課金(必要|いる|要る|が必要)/,
);

/** "Play it", "let's start": go into the work whose page this is. */
export const OPEN_HERE = any(
  /^(ok(ay)?,? )?(let'?s |let me |i want to |i'?d like to |can i )?(play|start|begin|go|watch|read|launch|open)( (playing|watching|reading))?( (it|this|this one|now|the story|the game|the series|the first episode|from the (start|beginning)))?( now)?( please)?[.!?]*$/,
  /\bfrom the (start|beginning|first (episode|chapter))\b/,
  /(开始|玩|打开|进入|看|播放|开玩)(一下)?(这个|这部|这款|它|吧|游戏|第一集)|从(头|第一集|第一章)(开始|看|玩)|^(直接)?(开始|开玩|开始玩|我要玩|我想玩|直接玩|走起)[吧了呀啊!！。]*$/,
  /(これ|この(作品|物語|ゲーム|ドラマ|話))を?(遊|始め|はじめ|プレイ|開|見|読)|(始め|はじめ)(よう|たい)|遊ぼう|やろう|見よう|観よう|プレイ(しよう|したい)|(第\s*1\s*話|最初|はじめ)から(見|観|始め|遊|読)|^(始めて|はじめて|遊びたい|スタート|遊ぶ|やりたい)[!！。]*$/,
);

/** What the work on screen is: its story, length, maker. */
export const ABOUT_HERE = any(
  /\b(tell me (about|more)|what'?s the (story|plot|deal)|what'?s (this|it|that)( one)? about|what is (this|it|that)( one)?( about)?|what'?s this|about (this|it)|describe|summary|synopsis|plot|premise|who (made|wrote|created)|how long|how many (chapters|episodes)|what kind of|what genre|is (it|this) (good|fun|worth|scary|long))\b/,
  /讲(的)?(是)?(什么|啥)|是什么|介绍|简介|剧情|内容|关于|多长|几章|几集|作者|谁(写|做|拍|创作|导演)的|好看吗|好玩吗|怎么样|什么类型/,
  /どんな(話|作品|物語|ゲーム|内容|ドラマ)|あらすじ|内容|について|紹介|何の話|なんの話|何章|何話|長さ|長い|作者|誰が(作|書)|面白い|これは何|これ何|ジャンル/,
);

/** "How much do I have?", "what's left": the balance, on any page. */
export const AMOUNT_HELD = any(
  /\bhow (much|many)\b.*\b(have|got|left|remaining|own|hold)\b|\b(left|remaining)\b.*\bgems?\b|\bgems?\b.*\b(left|remaining)\b/,
  /(有|剩|还有|还剩)(多少|几)|还剩|剩下|剩余/,
  /(いくら|いくつ|何個|何ジェム|どれくらい|どのくらい)(残|ある|持って|あり)|残り|あと(何|いくつ|いくら|どれくらい|どのくらい)/,
);

/** On the wallet page a bare "how much?" or a look at the list is about the player's own. */
export const WALLET_HERE = any(
  /\bhow (much|many)\b|\bwhat do i have\b|\b(history|transactions?|purchases?|charges?|receipts?|what did i buy|this entry|this charge)\b/,
  /多少|几颗|记录|明细|账单|流水|这笔/,
  /いくら|何個|どれくらい|履歴|明細|この(支出|項目|記録)/,
);

/** On the payment result page, "what happened?" or "it failed" asks about that payment. */
export const PAYMENT_HERE = any(
  /\b(what happened|what'?s (going on|happening)|why|fail|failed|fails|didn'?t (work|go through)|did it (work|go through)|went wrong|where are my gems|not (received|arrived|there)|no gems|cancell?ed|timed? ?out|error|still processing|pending|pay|paid|payment|charged|order)\b/,
  new RegExp(
    `怎么回事|为什么|失败|扣了|没到|没收到|到账|没成功|成功(了)?(吗|没)|支付|付款|扣款|扣钱|订单|出什么|${GEM_ZH}呢|取消|超时|处理中|没反应`,
  ),
  // 引く and 払う in their forms: 引かれた, 引き落とされた, 払った, 払えた.
  /どうなった|なぜ|なんで|失敗|引き落と|引かれ|取られ|支払|払[いうえっ]|決済|注文|請求|届いて|届かない|反映|成功した|エラー|キャンセル|タイムアウト|ジェムが(来|入)|処理中/,
);

/** Words that make "stuck" or "frozen" about the site rather than a story's puzzle. */
export const TECHNICAL = any(
  /\b(page|screen|video|app|site|button|loading|load|spinner|sound|audio|image|frozen|freezes|froze)\b/,
  /页面|画面|视频|按钮|加载|转圈|白屏|黑屏|声音|图片|死机|闪退/,
  /ページ|画面|動画|ボタン|読み込|ロード|音が|画像|フリーズ|真っ白|真っ黒/,
);
