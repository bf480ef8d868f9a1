import type { Locale } from '@taleforge/contracts/constants';

/** The analytics page's texts, a catalogue of its own (i18next namespace `studioAnalytics`). */
export const ANALYTICS_NS = 'studioAnalytics';

const en_US = {
  title: 'Analytics',
  period: '{{from}} – {{to}}',
  range: { label: 'Period', '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All time' },
  loading: 'Loading the figures…',
  failed: 'The figures could not be loaded.',
  retry: 'Try again',
  unpublished: 'No players yet: figures appear once the work is published and played.',
  gems: { title: 'Gems earned', chapters: 'Chapter unlocks', chat: 'Character chat' },
  daily: {
    title: 'Players by day',
    note: 'Each player counts on the day they last played.',
    players: 'Players',
  },
  funnel: {
    title: 'Chapters',
    starts: 'Started',
    completions: 'Finished',
    rate: '{{rate}}% finished',
  },
  chapter: 'Chapter {{n}} · {{title}}',
  dropOff: { title: 'Where players stopped', none: 'Nobody stopped part-way.', players: 'Players' },
  choices: {
    title: 'Choices taken',
    none: 'No choices recorded yet.',
    picks_one: '{{count}} pick · {{share}}%',
    picks_other: '{{count}} picks · {{share}}%',
  },
  knotTop: '(story start)',
  knot: 'Knot',
  day: 'Day',
  csv: 'Download CSV',
  csvFailed: 'The CSV could not be downloaded.',
  table: 'Show as a table',
};

type Catalogue = typeof en_US;

const zh_CN: Catalogue = {
  title: '数据分析',
  period: '{{from}} – {{to}}',
  range: { label: '时间范围', '7d': '7 天', '30d': '30 天', '90d': '90 天', all: '全部' },
  loading: '正在加载数据…',
  failed: '数据加载失败。',
  retry: '重试',
  unpublished: '还没有玩家：作品发布并有人游玩后即可看到数据。',
  gems: { title: '获得的宝石', chapters: '章节解锁', chat: '角色聊天' },
  daily: { title: '每日玩家', note: '每位玩家按其最后一次游玩的日期计算。', players: '玩家' },
  funnel: { title: '章节', starts: '开始', completions: '完成', rate: '完成率 {{rate}}%' },
  chapter: '第 {{n}} 章 · {{title}}',
  dropOff: { title: '玩家停下的位置', none: '没有玩家中途停下。', players: '玩家' },
  choices: {
    title: '选项选择',
    none: '还没有选择记录。',
    picks_one: '{{count}} 次 · {{share}}%',
    picks_other: '{{count}} 次 · {{share}}%',
  },
  knotTop: '（故事开头）',
  knot: '节点',
  day: '日期',
  csv: '下载 CSV',
  csvFailed: 'CSV 下载失败。',
  table: '以表格显示',
};

const ja_JP: Catalogue = {
  title: 'アナリティクス',
  period: '{{from}} – {{to}}',
  range: { label: '期間', '7d': '7日間', '30d': '30日間', '90d': '90日間', all: '全期間' },
  loading: 'データを読み込んでいます…',
  failed: 'データを読み込めませんでした。',
  retry: '再試行',
  unpublished: 'まだプレイヤーがいません。作品を公開してプレイされるとデータが表示されます。',
  gems: { title: '獲得したジェム', chapters: '章のアンロック', chat: 'キャラクターチャット' },
  daily: {
    title: '日別プレイヤー',
    note: '各プレイヤーは最後にプレイした日に数えられます。',
    players: 'プレイヤー',
  },
  funnel: { title: '章', starts: '開始', completions: '完了', rate: '完了率 {{rate}}%' },
  chapter: '第{{n}}章 · {{title}}',
  dropOff: {
    title: 'プレイヤーが止まった場所',
    none: '途中で止まったプレイヤーはいません。',
    players: 'プレイヤー',
  },
  choices: {
    title: '選ばれた選択肢',
    none: 'まだ選択の記録がありません。',
    picks_one: '{{count}}回 · {{share}}%',
    picks_other: '{{count}}回 · {{share}}%',
  },
  knotTop: '（物語の始まり）',
  knot: 'ノット',
  day: '日付',
  csv: 'CSV をダウンロード',
  csvFailed: 'CSV をダウンロードできませんでした。',
  table: '表で表示',
};

export const ANALYTICS_STRINGS: Record<Locale, Catalogue> = { en_US, zh_CN, ja_JP };
