/**
 * Word families the pattern tables share, as regular-expression source. A family is every form
 * a player writes for one thing, so one table entry covers them all instead of one form chosen
 * by whoever wrote the first phrasing.
 */

/**
 * The gem in Chinese: the site's own pages call it 宝石 (the wallet, the top-up), older copy and
 * players who know other apps 钻石. Both are the same currency.
 */
export const GEM_ZH = '(?:钻石|宝石)';

/**
 * Failure in Japanese, in the forms a sentence ends with: 失敗, "could not" (できな…), "did not
 * go well" (うまくいかな…, in kana or kanji), "did not go through" (通らな…).
 */
export const FAILED_JA =
  '(?:失敗|できな|エラー|(?:うまく|上手く|ちゃんと)いかな|(?:うまく|上手く)いってな|通らな|通ってな)';

/** Japanese verbs of reading, watching or playing in the "was …ing" form (読んでた, 見てた…). */
export const WAS_DOING_JA = '(?:読んで|遊んで|見て|観て|やって|プレイして)(?:い)?た';
