import type { GameCard, GameListPage } from '@taleforge/contracts';
import type { Locale, ScriptType, WorkKind } from '@taleforge/contracts/constants';
import type {
  AssistantReaders,
  ChapterPart,
  StoryPlace,
} from '../../src/modules/assistant/readers.js';
import { foldForSearch } from '../../src/modules/games/index.js';

// The player's world the assistant corpus is asked in, held in memory: a small catalogue in
// three languages, one story begun (a choice open), one series half watched, a wallet and a
// failed top-up. The readers answer as the real ones do, published works only, so a page that
// names an unpublished work is no work at all.

type Words = Record<Locale, string>;

interface Work {
  id: number;
  kind: WorkKind;
  genre: ScriptType;
  tags: string[];
  title: Words;
  description: Words;
  parts: { title: Words; price: number; unlocked?: boolean; completed?: boolean }[];
  published: boolean;
}

const w = (en_US: string, zh_CN: string, ja_JP: string): Words => ({ en_US, zh_CN, ja_JP });

/** The ids the corpus's pages name. */
export const CORPUS_WORKS = {
  story: 101,
  series: 102,
  mystery: 103,
  scifiSeries: 104,
  unpublished: 199,
} as const;

const WORKS: Work[] = [
  {
    id: 101,
    kind: 'story',
    genre: 'ROMANCE',
    tags: ['romance', 'café'],
    title: w('Rainy Café Hearts', '雨天咖啡馆之心', '雨のカフェの恋心'),
    description: w(
      'A café, a storm and a second chance.',
      '一家咖啡馆，一场暴雨，一次重来的机会。',
      'カフェと嵐と二度目のチャンス。',
    ),
    parts: [
      { title: w('The First Cup', '第一杯', '最初の一杯'), price: 0, completed: true },
      { title: w('Storm Warning', '暴雨预警', '嵐の予報'), price: 0 },
      { title: w('Closing Time', '打烊时分', '閉店時間'), price: 30 },
      { title: w('Second Chance', '第二次机会', '二度目のチャンス'), price: 30 },
    ],
    published: true,
  },
  {
    id: 102,
    kind: 'series',
    genre: 'ROMANCE',
    tags: ['romance', 'contract marriage'],
    title: w('Umbrella Vows', '雨伞誓约', '傘の誓い'),
    description: w(
      'A fake engagement that must not turn real.',
      '一场不能成真的假订婚。',
      '本物になってはいけない偽の婚約。',
    ),
    parts: [1, 2, 3, 4, 5, 6].map((n) => ({
      title: w(`Episode ${n}`, `第${n}集`, `第${n}話`),
      price: n <= 3 ? 0 : 20,
      completed: n <= 2,
    })),
    published: true,
  },
  {
    id: 103,
    kind: 'story',
    genre: 'SUSPENSE',
    tags: ['mystery', 'noir'],
    title: w('The Harbour Ledger', '港口账簿', '港の帳簿'),
    description: w(
      'A missing ledger and one night to find the thief.',
      '失踪的账簿，只有一夜去找到窃贼。',
      '消えた帳簿と、犯人を探す一夜。',
    ),
    parts: [{ title: w('Low Tide', '退潮', '引き潮'), price: 0 }],
    published: true,
  },
  {
    id: 104,
    kind: 'series',
    genre: 'FUTURE',
    tags: ['sci-fi', 'space'],
    title: w('Starlight Relay', '星光接力', '星明かりのリレー'),
    description: w(
      'A courier ship racing a dying star.',
      '一艘与垂死恒星赛跑的快递飞船。',
      '死にゆく星と競う配達船。',
    ),
    parts: [{ title: w('Launch', '启航', '出航'), price: 0 }],
    published: true,
  },
  {
    id: 199,
    kind: 'story',
    genre: 'COMEDY',
    tags: ['comedy'],
    title: w('Draft Not Out Yet', '未发布的草稿', '未公開の下書き'),
    description: w('Not published.', '未发布。', '未公開。'),
    parts: [{ title: w('One', '一', '一'), price: 0 }],
    published: false,
  },
];

const published = (id: number) => WORKS.find((work) => work.id === id && work.published);

function cardOf(work: Work, locale: Locale): GameCard {
  return {
    id: work.id,
    kind: work.kind,
    title: work.title[locale],
    cover: `/art/cover/${work.id}.svg`,
    description: work.description[locale],
    script_type: work.genre,
    tags: work.tags,
    languages: ['en_US', 'zh_CN', 'ja_JP'],
    creator: { taleforge_id: 'tf_maker', nick_name: 'Mara', avatar: null },
    chapter_count: work.parts.length,
    play_count: 10,
    like_count: 2,
    published_at: '2026-11-01T00:00:00.000Z',
  };
}

function partsOf(work: Work, locale: Locale): ChapterPart[] {
  return work.parts.map((p, i) => ({
    number: i + 1,
    title: p.title[locale],
    price_gems: p.price,
    unlocked: p.price === 0 || p.unlocked === true,
    completed: p.completed === true,
  }));
}

/** The story begun: chapter 2, three choices on screen, one task open. */
function placeOf(locale: Locale): StoryPlace {
  return {
    chapter: { number: 2, title: w('Storm Warning', '暴雨预警', '嵐の予報')[locale] },
    chapterCount: 4,
    choices: [
      w('Offer her your umbrella', '把伞借给她', '傘を差し出す')[locale],
      w('Stay for another coffee', '再喝一杯咖啡', 'もう一杯コーヒーを頼む')[locale],
      w('Leave before the rain', '趁雨前离开', '雨の前に帰る')[locale],
    ],
    openTasks: [w('Find the lost ring', '找到遗失的戒指', 'なくした指輪を探す')[locale]],
    minigame: null,
    conversationWith: null,
    chapterEnded: false,
    next: null,
  };
}

/** Readers over the world above, answering like app.ts's for the one player there is. */
export function corpusReaders(): AssistantReaders {
  return {
    async listWorks(query, locale): Promise<GameListPage> {
      const q = query.q ? foldForSearch(query.q) : null;
      const list = WORKS.filter(
        (work) =>
          work.published &&
          (!query.kind || work.kind === query.kind) &&
          (!query.script_type || work.genre === query.script_type) &&
          (!q ||
            foldForSearch(
              `${work.title[locale]} ${work.description[locale]} ${work.tags.join(' ')}`,
            ).includes(q)),
      ).map((work) => cardOf(work, locale));
      return { list, next_cursor: null, total: list.length };
    },
    async workCards(ids, locale) {
      return ids.flatMap((id) => {
        const work = published(id);
        return work ? [cardOf(work, locale)] : [];
      });
    },
    async userGames(_userId, locale, page, pageSize) {
      const story = published(CORPUS_WORKS.story)!;
      return {
        list: [
          {
            game: cardOf(story, locale),
            chapter_id: 2,
            chapter_title: story.parts[1]!.title[locale],
            progress_percent: 25,
            last_played_at: '2026-12-01T20:00:00.000Z',
          },
        ],
        page,
        page_size: pageSize,
        total: 1,
      };
    },
    async balance() {
      return 120;
    },
    async transactions(_userId, page, pageSize) {
      return {
        list: [
          {
            id: 2,
            type: 'chapter_unlock',
            amount: -30,
            balance_after: 120,
            ref: 'chapter:3',
            created_at: '2026-12-01T20:10:00.000Z',
          },
          {
            id: 1,
            type: 'recharge',
            amount: 150,
            balance_after: 150,
            ref: 'order:T1',
            created_at: '2026-11-30T09:00:00.000Z',
            paid: { amount_minor: 199, currency: 'USD' },
          },
        ],
        page,
        page_size: pageSize,
        total: 2,
      };
    },
    async latestUnpaidOrder() {
      return {
        order_no: 'T2',
        status: 'failed',
        goods_id: 'tier_2',
        amount: 4.99,
        amount_minor: 499,
        currency: 'USD',
        gems: 300,
        bonus_gems: 30,
        pay_method: 'card',
        created_at: '2026-12-02T08:00:00.000Z',
        paid_at: null,
        checkout_url: null,
        return_path: '/wallet',
        failure_reason: 'card_declined',
      };
    },
    async workParts(_userId, locale, workId) {
      const work = published(workId);
      return work ? partsOf(work, locale) : null;
    },
    async storyPlace(_userId, locale, workId) {
      return workId === CORPUS_WORKS.story ? placeOf(locale) : null;
    },
    prices(locale) {
      const currency = locale === 'zh_CN' ? 'CNY' : locale === 'ja_JP' ? 'JPY' : 'USD';
      return [
        {
          id: 'tier_1',
          price: 1,
          price_minor: 100,
          currency,
          gems: 60,
          bonus_gems: 0,
          discount_percent: null,
        },
        {
          id: 'tier_2',
          price: 5,
          price_minor: 500,
          currency,
          gems: 300,
          bonus_gems: 30,
          discount_percent: null,
        },
      ];
    },
  };
}
