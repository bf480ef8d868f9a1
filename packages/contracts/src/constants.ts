// Plain values only: the browser imports this file, so it must not pull in zod.

export const PRODUCT_SLUG = 'taleforge';

export const LOCALES = ['en_US', 'zh_CN', 'ja_JP'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';
/** Accept-Language value the client sends for each locale (SPEC §7). */
export const ACCEPT_LANGUAGE: Record<Locale, string> = { en_US: 'en', zh_CN: 'zh', ja_JP: 'ja' };

export const OAUTH_ENUM = ['EMAIL', 'PHONE', 'GOOGLE', 'DISCORD', 'DF_ID'] as const;
export type OauthEnum = (typeof OAUTH_ENUM)[number];

export const SCRIPT_TYPES = [
  'SUSPENSE',
  'CHALLENGE',
  'HEROES',
  'LEGENDS',
  'MAGIC',
  'FUTURE',
  'ROMANCE',
  'DREAMS',
  'REBELLION',
  'CREATIVITY',
  'COMEDY',
] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

export const EXPRESSIONS = [
  'normal',
  'grin',
  'laugh',
  'happy',
  'love',
  'hungry',
  'observe',
  'kiss',
  'angry',
  'sleep',
  'dizzy',
  'smile',
] as const;
export type Expression = (typeof EXPRESSIONS)[number];

/** The five items of SPEC §3. */
export const ITEM_KEYS = [
  'healing_potion',
  'magic_scroll',
  'mysterious_key',
  'enhanced_armor',
  'invisibility_cloak',
] as const;
export type ItemKey = (typeof ITEM_KEYS)[number];

/** What a game's sound is for: `music` plays under the whole game. */
export const AUDIO_KINDS = ['music'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];

export const TICKET_USE_TYPES = ['REGISTER', 'UPDATE_PWD'] as const;
export type TicketUseType = (typeof TICKET_USE_TYPES)[number];

/** scene_type is always 1 in login, register and bind payloads (SPEC §3). */
export const SCENE_TYPE = 1;
/** platform_flag of the wallet balance call (SPEC §9). */
export const WALLET_PLATFORM_FLAG = 2;

/** Browser storage keys (SPEC §3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  oauthEnum: 'oauth_enum',
  userId: 'user_id',
  userInfo: 'userInfo',
  language: 'language',
  visitor: 'is_visitor',
  /** The secret that proves this browser is the visitor is_visitor names (never sent as a query). */
  visitorSecret: 'visitor_secret',
  /** session storage: the profile being viewed */
  profileInfo: 'profile_info',
} as const;

/** Timings and limits fixed by SPEC §9. */
export const LIMITS = {
  requestTimeoutMs: 30_000,
  toastDurationMs: 3_000,
  toastFadeMs: 300,
  toastStackBasePx: 20,
  toastStackStepPx: 10,
  reloadAfterLoginMs: 1_000,
  reloadAfterChunkFailureMs: 1_000,
  tokenSyncDelayMs: 500,
  devtoolsCheckMs: 500,
  devtoolsWidthThresholdPx: 200,
  devtoolsHeightThresholdPx: 300,
  riskCacheMs: 180_000,
  riskTimeoutMs: 2_000,
  riskAttempts: 2,
  verificationCodeValidMinutes: 30,
  resendCountdownSeconds: 60,
  passwordMin: 6,
  passwordMax: 20,
  loginNicknameMin: 3,
  loginNicknameMax: 20,
  profileNicknameMin: 2,
  profileNicknameMax: 30,
  avatarMaxBytes: 10 * 1024 * 1024,
  chatMessageGems: 10,
  /** Longest chat message a player can send, in characters. */
  chatMessageMaxChars: 500,
  /** Conversation memory: the running summary and the facts a player pins. */
  chatSummaryMaxChars: 800,
  chatPinnedFactsMax: 10,
  chatPinnedFactMaxChars: 200,
  /**
   * Choices one story step may offer. Ink sets no limit of its own; a story past this is a
   * content fault (the runtime refuses it), and the event schema accepts every index below it.
   */
  storyChoicesMax: 1_000,
} as const;

/** Engines that can answer for a character (the settings screen says which one is active). */
export const CHAT_ENGINES = ['offline', 'openai'] as const;
export type ChatEngine = (typeof CHAT_ENGINES)[number];

/** SPEC §9's tier numbers: the yuan prices; dollars and yen are derived from them (decision 32). */
export const TOP_UP_PRICE_TIERS = [6, 30, 68, 128, 328, 648] as const;
export const DISCOUNT_BADGES = [20, 25, 30] as const;
export const PAYMENT_METHODS = ['alipay', 'wechat_pay', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_STATUSES = ['processing', 'success', 'failed', 'cancelled', 'timeout'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Kinds of wallet ledger entries (the history shows them localized). */
export const LEDGER_ENTRY_TYPES = [
  'recharge',
  'chapter_unlock',
  'episode_unlock',
  'chat_message',
  'chat_refund',
  'expiry',
  'grant',
  /** Gems a visitor account held, moved to the account the visitor signed in to. */
  'transfer_in',
  'transfer_out',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const UNLOCK_KINDS = ['chapter', 'episode'] as const;
export type UnlockKind = (typeof UNLOCK_KINDS)[number];
export const CURRENCIES = ['USD', 'CNY', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Currency of the top-up tiers by locale (SPEC §9). */
export const LOCALE_CURRENCY: Record<Locale, Currency> = {
  en_US: 'USD',
  zh_CN: 'CNY',
  ja_JP: 'JPY',
};

/**
 * Profile tabs (SPEC §2) and the script types each gathers (decision 35): every type is in
 * exactly one tab, so "all" is the sum of the others.
 */
export const PROFILE_TABS = {
  all: [...SCRIPT_TYPES],
  mystery: ['SUSPENSE', 'CHALLENGE'],
  romance: ['ROMANCE', 'DREAMS'],
  history: ['LEGENDS', 'HEROES', 'REBELLION'],
  business: ['CREATIVITY', 'COMEDY'],
  'sci-fi': ['FUTURE', 'MAGIC'],
} as const satisfies Record<string, readonly ScriptType[]>;
export type ProfileTab = keyof typeof PROFILE_TABS;
export const PROFILE_TAB_KEYS = Object.keys(PROFILE_TABS) as ProfileTab[];

/** The lists a profile shows, each of which its owner can hide. */
export const PROFILE_LISTS = ['works', 'played', 'liked'] as const;
export type ProfileList = (typeof PROFILE_LISTS)[number];

export const PROFILE_LIMITS = {
  bioMaxChars: 160,
  /** Avatars are written at these sizes (px, square). */
  avatarSizes: [512, 128],
  /** Larger images are refused before they are decoded (a decompression bomb). */
  avatarMaxPixels: 40_000_000,
  /** The crop must keep at least this much of a side (px of the original). */
  avatarMinCropPx: 16,
} as const;

/** Comment lists: newest first, or most liked first (ties newest first). */
export const COMMENT_ORDERS = ['new', 'top'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

/** What a player is told about: a new follower, a reply to their comment, a like on their work. */
export const NOTIFICATION_KINDS = ['follow', 'reply', 'like'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const SOCIAL_LIMITS = {
  commentMaxChars: 500,
  /** Items per page of comments, replies, follow lists and notifications. */
  pageSize: 20,
  /** Replies shown under a top comment before "more replies". */
  replyPreview: 3,
  /** A reply notification's excerpt, in characters. */
  excerptChars: 80,
} as const;

/** What a work is: a branching story game, or a short-drama series of episodes (decision 38). */
export const WORK_KINDS = ['story', 'series'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** Short-drama series and the video pipeline (issue 22, decision 38). */
export const SERIES_LIMITS = {
  /** Renditions every episode is transcoded to, by height (9:16 frames). */
  renditionHeights: [360, 540, 720],
  /** Target HLS segment length; ffmpeg cuts at keyframes forced this often. */
  segmentSeconds: 3,
  /** How often the player reports its position while playing. */
  progressEveryMs: 5_000,
  /** Watched to within this of the end counts as completed. */
  completeWithinMs: 2_000,
  /** The longest episode or clip accepted, and the largest source file. */
  maxDurationMs: 3 * 60 * 60 * 1000,
  maxSourceBytes: 2 * 1024 ** 3,
  /** How long a signed playlist address works. */
  signedUrlSeconds: 6 * 60 * 60,
  /** Episodes 1..N are free unless a series says otherwise. */
  defaultFreeEpisodes: 3,
  playbackRates: [0.75, 1, 1.25, 1.5, 2],
} as const;

/** The video pipeline's states of one uploaded video. */
export const VIDEO_STATES = ['queued', 'processing', 'ready', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** The site-wide assistant (issue 23, decision 39). */
export const ASSISTANT_AVATARS = ['female', 'male'] as const;
export type AssistantAvatar = (typeof ASSISTANT_AVATARS)[number];

/** How a player's message reached the assistant. */
export const ASSISTANT_SOURCES = ['text', 'voice'] as const;
export type AssistantSource = (typeof ASSISTANT_SOURCES)[number];

/** What the assistant can explain from the README's money rules. */
export const ASSISTANT_TOPICS = ['gems', 'prices', 'expiry', 'refunds'] as const;
export type AssistantTopic = (typeof ASSISTANT_TOPICS)[number];

/** Where a voice feature runs: our server's speech service, or the browser's own speech APIs. */
export const SPEECH_ENGINES = ['server', 'browser'] as const;
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];

export const ASSISTANT_LIMITS = {
  /** Longest typed (or transcribed) message, in characters. */
  messageMaxChars: 500,
  /** Messages in the state call; older ones come page by page. */
  historyPage: 50,
  /** Hold-to-speak stops recording by itself after this long. */
  recordingMaxMs: 60_000,
  /** A shorter press is a tap, not a recording: nothing is sent. */
  recordingMinMs: 400,
  /** The largest recording accepted (60 s of WAV at 16 kHz mono is 1.9 MB). */
  audioMaxBytes: 4 * 1024 * 1024,
  /** Player messages per player per UTC day when `ASSISTANT_DAILY_CAP` is not set. */
  defaultDailyCap: 100,
  /** Works the assistant shows for one search. */
  worksPerAnswer: 4,
  /** A problem report, in characters. */
  reportMaxChars: 1000,
} as const;

/**
 * A work's ink file path: `/`-separated, no `.` or `..` segment, ending in `.ink`. A plain
 * pattern, so the studio checks a name without loading the contracts' schemas.
 */
export const INK_PATH_PATTERN = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_-][A-Za-z0-9_\-./]*\.ink$/;

/** The creator studio (docs/decisions/0041). */
export const STUDIO_LIMITS = {
  /** All ink sources of one work together, in bytes of UTF-8. */
  sourcesMaxBytes: 5 * 1024 * 1024,
  /** An uploaded import file (a zip, a Twee file, a card PNG). */
  importMaxBytes: 8 * 1024 * 1024,
  /**
   * A Twee file, and one passage of it. Public Twine stories stay far below both; the converter's
   * scans for unclosed macros grow with the square of a passage's length.
   */
  tweeMaxBytes: 1024 * 1024,
  tweePassageMaxChars: 32 * 1024,
  /** A zip's entries unpacked together; more is treated as a zip bomb. */
  zipUnpackedMaxBytes: 20 * 1024 * 1024,
  zipEntriesMax: 500,
  /** A cover or an expression image. */
  imageMaxBytes: 10 * 1024 * 1024,
  pathMaxChars: 200,
  titleMaxChars: 80,
  descriptionMaxChars: 2000,
  tagsMax: 10,
  charactersMax: 20,
  chaptersMax: 50,
  chapterPriceMax: 10_000,
  worksPerCreatorMax: 100,
  previewChoicesMax: 2000,
  /** The player site shows a republished game within this long (catalogue caches dropped). */
  publishVisibleMs: 5_000,
} as const;
