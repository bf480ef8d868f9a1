import type { Locale } from './constants.js';

type Messages = Record<Locale, string>;

/**
 * Every body status the server answers with, and its message in each language.
 * Business outcomes travel as HTTP 200 with one of these; transport faults reuse the HTTP code.
 */
export const STATUS = {
  OK: 200,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
  INVALID_PARAMS: 1001,
  MISSING_DEVICE: 1002,
  RATE_LIMITED: 1003,
  FORBIDDEN: 1004,
  NO_TOKEN: 1005,
  TOKEN_INVALID: 1006,
  TOKEN_EXPIRED: 1007,
  RISK_KEY_UNKNOWN: 1101,
  EMAIL_TAKEN: 2001,
  CODE_INVALID: 2002,
  CODE_TOO_SOON: 2003,
  INVITE_INVALID: 2004,
  LOGIN_FAILED: 2005,
  ACCOUNT_LOCKED: 2006,
  PASSWORDS_DIFFER: 2007,
  PROVIDER_NOT_CONFIGURED: 2008,
  PROVIDER_FAILED: 2009,
  PROFILE_INCOMPLETE: 2010,
  OAUTH_STATE_INVALID: 2011,
  MAIL_FAILED: 2012,
  RISK_PAYLOAD_INVALID: 1102,
  VISITOR_UNPROVEN: 1103,
  INSUFFICIENT_GEMS: 3001,
  IDEMPOTENCY_KEY_REUSED: 3002,
  INVALID_GEM_AMOUNT: 3003,
  GOODS_UNKNOWN: 3004,
  ORDER_NOT_FOUND: 3005,
  ORDER_AMOUNT_OUT_OF_RANGE: 3006,
  REQUEST_IN_PROGRESS: 3007,
  WEBHOOK_SIGNATURE_INVALID: 3008,
  WEBHOOK_EVENT_MISMATCH: 3009,
  UNLOCK_TARGET_UNKNOWN: 3010,
  CHECKOUT_CLOSED: 3011,
  PAYMENT_PROVIDER_FAILED: 3012,
  GAME_NOT_FOUND: 4001,
  CHAPTER_NOT_FOUND: 4002,
  CHAPTER_LOCKED: 4003,
  SAVE_NOT_FOUND: 4004,
  STALE_EVENT: 4005,
  CHOICE_OUT_OF_RANGE: 4006,
  ITEM_NOT_OWNED: 4007,
  ITEM_NOT_USABLE: 4008,
  NOT_EXPECTED_NOW: 4009,
  PUZZLE_INCOMPLETE: 4010,
  PUZZLE_WRONG_ORDER: 4011,
  MOVE_INVALID: 4012,
  STEP_NOT_FOUND: 4013,
  STORY_INVALID: 4014,
  STORY_BROKEN: 4015,
  STORY_STEP_FAILED: 4016,
  LINE_NOT_SHOWN: 4017,
  CHAT_MESSAGE_BLOCKED: 5001,
  CHAT_REPLY_WITHHELD: 5002,
  CHAT_REPLY_FAILED: 5003,
  CHAT_REPLY_TIMEOUT: 5004,
  CHAT_MESSAGE_EMPTY: 5005,
  CHAT_MESSAGE_TOO_LONG: 5006,
  CHAT_CHARACTER_NOT_FOUND: 5007,
  CHAT_MESSAGE_ID_REUSED: 5008,
  CHAT_DAILY_LIMIT: 5009,
  CHAT_MESSAGE_BAD_CHARACTERS: 5010,
  CHAT_CANNOT_REGENERATE: 5011,
  CHAT_MESSAGE_NOT_FOUND: 5012,
  PROFILE_NOT_FOUND: 6101,
  PROFILE_SIGN_IN_FIRST: 6102,
  NICKNAME_BLOCKED: 6103,
  BIO_BLOCKED: 6104,
  AVATAR_NOT_IMAGE: 6105,
  AVATAR_TOO_LARGE: 6106,
  AVATAR_CROP_INVALID: 6107,
  AVATAR_SAVE_FAILED: 6108,
  FOLLOW_FAILED: 6201,
  FOLLOW_SELF: 6202,
  BLOCKED_BY_USER: 6203,
  LIKE_FAILED: 6204,
  COMMENT_FAILED: 6205,
  COMMENT_TEXT_BLOCKED: 6206,
  COMMENT_NOT_FOUND: 6207,
  COMMENT_NOT_YOURS: 6208,
  BLOCK_SELF: 6209,
  SERIES_NOT_FOUND: 6301,
  EPISODE_NOT_FOUND: 6302,
  EPISODE_LOCKED: 6303,
  EPISODE_NOT_READY: 6304,
  SERIES_STATS_FORBIDDEN: 6305,
  VIDEO_NOT_VIDEO: 6306,
  VIDEO_TOO_LARGE: 6307,
  VIDEO_CORRUPT: 6308,
  SUBTITLE_INVALID: 6309,
} as const;

export type StatusName = keyof typeof STATUS;
export type StatusCode = (typeof STATUS)[StatusName];

export const STATUS_MESSAGES: Record<StatusCode, Messages> = {
  200: { en_US: 'Success', zh_CN: '成功', ja_JP: '成功しました' },
  400: {
    en_US: 'The request could not be read',
    zh_CN: '无法解析该请求',
    ja_JP: 'リクエストを読み取れませんでした',
  },
  404: {
    en_US: 'This address does not exist',
    zh_CN: '该地址不存在',
    ja_JP: 'このアドレスは存在しません',
  },
  405: {
    en_US: 'This method is not allowed here',
    zh_CN: '不支持该请求方法',
    ja_JP: 'このメソッドは使用できません',
  },
  413: {
    en_US: 'The request is too large',
    zh_CN: '请求内容过大',
    ja_JP: 'リクエストが大きすぎます',
  },
  415: {
    en_US: 'This content type is not supported',
    zh_CN: '不支持该内容类型',
    ja_JP: 'このコンテンツタイプには対応していません',
  },
  500: {
    en_US: 'Something went wrong on our side, please try again later',
    zh_CN: '服务器出了点问题，请稍后再试',
    ja_JP: 'サーバーで問題が発生しました。しばらくしてからもう一度お試しください',
  },
  503: {
    en_US: 'The service is starting or shutting down, please try again shortly',
    zh_CN: '服务正在启动或关闭，请稍后再试',
    ja_JP: 'サービスの起動中または停止中です。少し待ってからお試しください',
  },
  1001: { en_US: 'Invalid parameters', zh_CN: '参数错误', ja_JP: 'パラメータが正しくありません' },
  1002: {
    en_US: 'Missing device identifier, please refresh the page',
    zh_CN: '缺少设备标识，请刷新页面',
    ja_JP: 'デバイス識別子がありません。ページを再読み込みしてください',
  },
  1003: {
    en_US: 'Too many requests, please try again later',
    zh_CN: '请求过于频繁，请稍后再试',
    ja_JP: 'リクエストが多すぎます。しばらくしてからお試しください',
  },
  1004: {
    en_US: 'You do not have permission to do this',
    zh_CN: '您没有执行此操作的权限',
    ja_JP: 'この操作を行う権限がありません',
  },
  1005: {
    en_US: 'Please log in first',
    zh_CN: '请先登录',
    ja_JP: 'ログインしてください',
  },
  1006: {
    en_US: 'Your session is no longer valid, please log in again',
    zh_CN: '登录状态已失效，请重新登录',
    ja_JP: 'セッションが無効です。もう一度ログインしてください',
  },
  1007: {
    en_US: 'Your session has expired, please log in again',
    zh_CN: '登录已过期，请重新登录',
    ja_JP: 'セッションの有効期限が切れました。もう一度ログインしてください',
  },
  1101: {
    en_US: 'Device check key has changed, please refresh the page',
    zh_CN: '设备校验密钥已更新，请刷新页面',
    ja_JP: 'デバイス確認キーが更新されました。ページを再読み込みしてください',
  },
  1102: {
    en_US: 'Device check data could not be read',
    zh_CN: '无法读取设备校验数据',
    ja_JP: 'デバイス確認データを読み取れませんでした',
  },
  1103: {
    en_US: 'This browser could not be recognised as the same visitor, please refresh the page',
    zh_CN: '无法确认此浏览器的访客身份，请刷新页面',
    ja_JP: 'このブラウザーを同じ訪問者として確認できませんでした。ページを再読み込みしてください',
  },
  2001: {
    en_US: 'This email is already registered, please log in',
    zh_CN: '该邮箱已注册，请直接登录',
    ja_JP: 'このメールアドレスは登録済みです。ログインしてください',
  },
  2002: {
    en_US: 'The verification code is incorrect or has expired',
    zh_CN: '验证码错误或已过期',
    ja_JP: '認証コードが正しくないか、有効期限が切れています',
  },
  2003: {
    en_US: 'A code was just sent, please wait 60 seconds before asking again',
    zh_CN: '验证码刚刚已发送，请 60 秒后再试',
    ja_JP: 'コードを送信したばかりです。60 秒後にもう一度お試しください',
  },
  2004: {
    en_US: 'This invite code is invalid, used up or expired',
    zh_CN: '邀请码无效、已用完或已过期',
    ja_JP: '招待コードが無効、使用済み、または期限切れです',
  },
  2005: {
    en_US: 'Incorrect email or password',
    zh_CN: '邮箱或密码错误',
    ja_JP: 'メールアドレスまたはパスワードが正しくありません',
  },
  2006: {
    en_US: 'Too many failed logins: reset your password to log in again',
    zh_CN: '登录失败次数过多，请重置密码后再登录',
    ja_JP: 'ログインの失敗が多すぎます。パスワードを再設定してください',
  },
  2007: {
    en_US: 'the two passwords entered do not match',
    zh_CN: '两次输入的密码不一致',
    ja_JP: '入力された 2 つのパスワードが一致しません',
  },
  2008: {
    en_US: 'This sign-in method is not available yet',
    zh_CN: '该登录方式暂未开放',
    ja_JP: 'このログイン方法はまだ利用できません',
  },
  2009: {
    en_US: 'Sign-in with this provider failed, please try again',
    zh_CN: '第三方登录失败，请重试',
    ja_JP: '外部アカウントでのログインに失敗しました。もう一度お試しください',
  },
  2010: {
    en_US: 'Please complete your nickname and invite code first',
    zh_CN: '请先填写昵称和邀请码',
    ja_JP: '先にニックネームと招待コードを入力してください',
  },
  2011: {
    en_US: 'This sign-in link has expired, please start again',
    zh_CN: '登录链接已失效，请重新开始',
    ja_JP: 'ログインリンクの有効期限が切れました。最初からやり直してください',
  },
  2012: {
    en_US: 'The email could not be sent, please try again later',
    zh_CN: '邮件发送失败，请稍后再试',
    ja_JP: 'メールを送信できませんでした。しばらくしてからお試しください',
  },
  3001: {
    en_US: 'Insufficient balance, please recharge first',
    zh_CN: '余额不足，请先充值',
    ja_JP: '残高が不足しています。先にチャージしてください',
  },
  3002: {
    en_US: 'This idempotency key was already used for a different request',
    zh_CN: '该幂等键已用于另一个请求',
    ja_JP: 'この冪等キーは別のリクエストで使用済みです',
  },
  3003: {
    en_US: 'The gem amount must be a positive whole number',
    zh_CN: '宝石数量必须是正整数',
    ja_JP: 'ジェムの数は正の整数で指定してください',
  },
  3004: {
    en_US: 'This top-up option does not exist',
    zh_CN: '该充值档位不存在',
    ja_JP: 'このチャージ項目は存在しません',
  },
  3005: {
    en_US: 'Order not found',
    zh_CN: '订单不存在',
    ja_JP: '注文が見つかりません',
  },
  3006: {
    en_US: 'The order amount is outside the allowed range',
    zh_CN: '订单金额超出允许范围',
    ja_JP: '注文金額が許可された範囲外です',
  },
  3007: {
    en_US: 'The same request is still being processed, please try again shortly',
    zh_CN: '相同的请求仍在处理中，请稍后重试',
    ja_JP: '同じリクエストを処理中です。しばらくしてからお試しください',
  },
  3008: {
    en_US: 'The payment notification signature is invalid',
    zh_CN: '支付通知签名无效',
    ja_JP: '支払い通知の署名が無効です',
  },
  3009: {
    en_US: 'The payment notification does not match the order',
    zh_CN: '支付通知与订单不符',
    ja_JP: '支払い通知が注文と一致しません',
  },
  3010: {
    en_US: 'This chapter or episode cannot be unlocked',
    zh_CN: '该章节或剧集无法解锁',
    ja_JP: 'このチャプターまたはエピソードはアンロックできません',
  },
  3011: {
    en_US: 'This checkout is closed',
    zh_CN: '该收银台已关闭',
    ja_JP: 'このチェックアウトは終了しています',
  },
  3012: {
    en_US: 'The payment provider could not be reached, please try again later',
    zh_CN: '无法连接支付服务，请稍后再试',
    ja_JP: '決済サービスに接続できませんでした。しばらくしてからお試しください',
  },
  4001: {
    en_US: 'This game does not exist',
    zh_CN: '该游戏不存在',
    ja_JP: 'このゲームは存在しません',
  },
  4002: {
    en_US: 'This chapter does not exist',
    zh_CN: '该章节不存在',
    ja_JP: 'この章は存在しません',
  },
  4003: {
    en_US: 'This chapter is locked, unlock it first',
    zh_CN: '该章节尚未解锁，请先解锁',
    ja_JP: 'この章はロックされています。先にロックを解除してください',
  },
  4004: {
    en_US: 'Start the game first',
    zh_CN: '请先开始游戏',
    ja_JP: '先にゲームを始めてください',
  },
  4005: {
    en_US: 'The story has moved on (perhaps on another device), showing where it is now',
    zh_CN: '故事已经推进（可能在其他设备上），正在显示最新进度',
    ja_JP: '物語はすでに進んでいます（別の端末かもしれません）。最新の状態を表示します',
  },
  4006: {
    en_US: 'That choice is not available',
    zh_CN: '该选项不可用',
    ja_JP: 'その選択肢は選べません',
  },
  4007: {
    en_US: 'You do not have this item',
    zh_CN: '你没有这个道具',
    ja_JP: 'このアイテムを持っていません',
  },
  4008: {
    en_US: 'This item cannot be used now; the story will ask for it',
    zh_CN: '该道具现在无法使用，剧情需要时会用到',
    ja_JP: 'このアイテムは今は使えません。物語の中で使う場面があります',
  },
  4009: {
    en_US: 'That is not possible at this point of the story',
    zh_CN: '剧情进行到这里时无法这样做',
    ja_JP: '物語のこの場面ではできません',
  },
  4010: {
    en_US: 'Please fill all puzzle slots first',
    zh_CN: '请先填满所有拼图格子',
    ja_JP: 'まずパズルの枠をすべて埋めてください',
  },
  4011: {
    en_US: 'Incorrect puzzle order, try again!',
    zh_CN: '拼图顺序不正确，再试一次！',
    ja_JP: 'パズルの順番が違います。もう一度！',
  },
  4012: {
    en_US: 'This move is not valid',
    zh_CN: '这一步无效',
    ja_JP: 'この手は無効です',
  },
  4013: {
    en_US: 'There is no such earlier choice in this chapter',
    zh_CN: '本章中没有这个之前的选择',
    ja_JP: 'この章にその選択はありません',
  },
  4014: {
    en_US: 'The story could not be compiled',
    zh_CN: '剧本无法编译',
    ja_JP: 'ストーリーをコンパイルできませんでした',
  },
  4015: {
    en_US: 'This part of the story is broken, we are fixing it',
    zh_CN: '这段剧情出现了问题，我们正在修复',
    ja_JP: 'この場面に問題があります。修正中です',
  },
  4016: {
    en_US: 'The story stumbled here. Nothing was lost, please try again',
    zh_CN: '剧情在这里出了点问题，进度没有丢失，请再试一次',
    ja_JP: 'ストーリーで問題が起きました。進行は失われていません。もう一度お試しください',
  },
  4017: {
    en_US: 'That line is not on screen',
    zh_CN: '这句台词不在当前画面中',
    ja_JP: 'そのセリフは画面にありません',
  },
  5001: {
    en_US: 'This message cannot be sent. Please say it another way',
    zh_CN: '这条消息无法发送，请换一种说法',
    ja_JP: 'このメッセージは送信できません。別の言い方でお試しください',
  },
  5002: {
    en_US: 'The reply was held back. Your gems have been returned',
    zh_CN: '这条回复未能显示，宝石已退还',
    ja_JP: '返信を表示できませんでした。ジェムは返却されました',
  },
  5003: {
    en_US: 'The character cannot answer right now. Your gems have been returned',
    zh_CN: '角色暂时无法回答，宝石已退还',
    ja_JP: 'キャラクターは今は答えられません。ジェムは返却されました',
  },
  5004: {
    en_US: 'The character took too long to answer. Your gems have been returned',
    zh_CN: '角色回答超时，宝石已退还',
    ja_JP: 'キャラクターの返事に時間がかかりすぎました。ジェムは返却されました',
  },
  5005: {
    en_US: 'Please type a message',
    zh_CN: '请输入消息',
    ja_JP: 'メッセージを入力してください',
  },
  5006: {
    en_US: 'This message is too long',
    zh_CN: '消息过长',
    ja_JP: 'メッセージが長すぎます',
  },
  5007: {
    en_US: 'This character is not in this game',
    zh_CN: '该角色不在这个游戏中',
    ja_JP: 'このキャラクターはこのゲームにいません',
  },
  5008: {
    en_US: 'This message id was already used for a different message',
    zh_CN: '该消息编号已用于另一条消息',
    ja_JP: 'このメッセージIDは別のメッセージに使われています',
  },
  5009: {
    en_US:
      "The characters need a rest: today's conversation limit is reached. Please come back tomorrow",
    zh_CN: '角色们需要休息：今天的对话次数已用完，请明天再来',
    ja_JP: 'キャラクターたちは休憩中です：本日の会話の上限に達しました。また明日お越しください',
  },
  5010: {
    en_US: 'This message contains characters that cannot be sent',
    zh_CN: '消息中含有无法发送的字符',
    ja_JP: 'メッセージに送信できない文字が含まれています',
  },
  5011: {
    en_US: 'Only the latest finished reply can be regenerated',
    zh_CN: '只能重新生成最新一条已完成的回复',
    ja_JP: '再生成できるのは最新の完了した返信だけです',
  },
  5012: {
    en_US: 'This message is not in this conversation',
    zh_CN: '这条消息不在本次对话中',
    ja_JP: 'このメッセージはこの会話にありません',
  },
  6101: {
    en_US: 'Failed to load user profile',
    zh_CN: '加载用户资料失败',
    ja_JP: 'ユーザープロフィールの読み込みに失敗しました',
  },
  6102: {
    en_US: 'Please login to access more features',
    zh_CN: '请登录以使用更多功能',
    ja_JP: 'ログインするとさらに多くの機能を利用できます',
  },
  6103: {
    en_US: 'This nickname is not allowed, please choose another',
    zh_CN: '该昵称不可使用，请换一个',
    ja_JP: 'このニックネームは使用できません。別のものを選んでください',
  },
  6104: {
    en_US: 'This bio is not allowed, please change it',
    zh_CN: '该简介不可使用，请修改',
    ja_JP: 'この自己紹介は使用できません。変更してください',
  },
  6105: {
    en_US: 'Please upload a valid image file',
    zh_CN: '请上传有效的图片文件',
    ja_JP: '有効な画像ファイルをアップロードしてください',
  },
  6106: {
    en_US: 'Image size cannot exceed 10MB',
    zh_CN: '图片大小不能超过10MB',
    ja_JP: '画像サイズは10MBを超えられません',
  },
  6107: {
    en_US: 'Please select the area to crop first',
    zh_CN: '请先选择裁剪区域',
    ja_JP: '先に切り抜く範囲を選択してください',
  },
  6108: {
    en_US: 'Failed to save avatar',
    zh_CN: '保存头像失败',
    ja_JP: 'アバターの保存に失敗しました',
  },
  6201: {
    en_US: 'Follow failed, please try again later',
    zh_CN: '关注失败，请稍后再试',
    ja_JP: 'フォローに失敗しました。しばらくしてからもう一度お試しください',
  },
  6202: {
    en_US: 'You cannot follow yourself',
    zh_CN: '不能关注自己',
    ja_JP: '自分をフォローすることはできません',
  },
  6203: {
    en_US: 'This player does not accept that from you',
    zh_CN: '对方不接受你的这项操作',
    ja_JP: 'このプレイヤーはあなたからの操作を受け付けていません',
  },
  6204: {
    en_US: 'Like failed',
    zh_CN: '点赞失败',
    ja_JP: 'いいねに失敗しました',
  },
  6205: {
    en_US: 'Comment submission failed, please try again',
    zh_CN: '评论提交失败，请重试',
    ja_JP: 'コメントの送信に失敗しました。もう一度お試しください',
  },
  6206: {
    en_US: 'This comment is not allowed, please change it',
    zh_CN: '该评论不可发布，请修改',
    ja_JP: 'このコメントは投稿できません。内容を変更してください',
  },
  6207: {
    en_US: 'This comment no longer exists',
    zh_CN: '该评论已不存在',
    ja_JP: 'このコメントはすでに存在しません',
  },
  6208: {
    en_US: "Only its author or the work's creator can delete this comment",
    zh_CN: '只有评论作者或作品创作者可以删除这条评论',
    ja_JP: 'このコメントを削除できるのは投稿者と作品の作者だけです',
  },
  6209: {
    en_US: 'You cannot block yourself',
    zh_CN: '不能拉黑自己',
    ja_JP: '自分をブロックすることはできません',
  },
  6301: {
    en_US: 'This series does not exist or is no longer available',
    zh_CN: '该短剧不存在或已下架',
    ja_JP: 'このドラマは存在しないか、公開が終了しました',
  },
  6302: {
    en_US: 'This episode does not exist',
    zh_CN: '该剧集不存在',
    ja_JP: 'このエピソードは存在しません',
  },
  6303: {
    en_US: 'Unlock this episode to watch it',
    zh_CN: '解锁本集后即可观看',
    ja_JP: 'このエピソードを見るにはロックを解除してください',
  },
  6304: {
    en_US: 'This episode is still being prepared, please try again shortly',
    zh_CN: '本集正在准备中，请稍后再试',
    ja_JP: 'このエピソードは準備中です。しばらくしてからもう一度お試しください',
  },
  6305: {
    en_US: "Only the series' creator can see its statistics",
    zh_CN: '只有短剧的创作者可以查看统计数据',
    ja_JP: '統計を見られるのはドラマの作者だけです',
  },
  6306: {
    en_US: 'This file is not a video',
    zh_CN: '该文件不是视频',
    ja_JP: 'このファイルは動画ではありません',
  },
  6307: {
    en_US: 'The video is larger than 2 GB',
    zh_CN: '视频超过 2 GB',
    ja_JP: '動画が 2 GB を超えています',
  },
  6308: {
    en_US: 'The video is damaged and cannot be played',
    zh_CN: '视频已损坏，无法播放',
    ja_JP: '動画が破損しているため再生できません',
  },
  6309: {
    en_US: 'The subtitle file has an invalid cue',
    zh_CN: '字幕文件中有无效的字幕条目',
    ja_JP: '字幕ファイルに無効なキューがあります',
  },
};

/** Body statuses that mean "sign in again": the browser opens the login dialog on them. */
export const LOGIN_REQUIRED_STATUSES: readonly number[] = [
  STATUS.NO_TOKEN,
  STATUS.TOKEN_INVALID,
  STATUS.TOKEN_EXPIRED,
];

export function statusMessage(code: StatusCode, locale: Locale): string {
  return STATUS_MESSAGES[code][locale];
}
