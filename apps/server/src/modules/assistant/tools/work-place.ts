import type { GameCard } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { joinList, say } from '../localized.js';
import type { ChapterPart, StoryPlace } from '../readers.js';

/** The choices read out are the first few; the screen shows them all. */
const CHOICES_SAID = 3;

const TEXTS = {
  notStarted: {
    en_US:
      'You have not started {title} yet. Press Start on this page: chapter 1 {access}, and your place is saved at every step, so you can leave and come back.',
    zh_CN:
      '你还没有开始《{title}》。在这个页面点“开始”：第 1 章{access}，每一步都会自动保存，随时可以离开再回来。',
    ja_JP:
      'まだ「{title}」を始めていません。このページで「スタート」を押してください。第 1 章は{access}。進み具合は一歩ごとに保存されるので、いつでも中断できます。',
  },
  where: {
    en_US: 'In {title} you are in chapter {number} of {count}, “{chapter}”.',
    zh_CN: '你在《{title}》第 {number} 章（共 {count} 章）“{chapter}”。',
    ja_JP: '「{title}」の第 {number} 章（全 {count} 章）「{chapter}」にいます。',
  },
  choices: {
    en_US:
      ' {count} choices are open: {list}. Pick the one that fits your character; you can go back and choose again from the Journal, under “Your choices”.',
    zh_CN:
      '现在有 {count} 个选项：{list}。选一个符合你角色的；之后也可以在“手册”的“你的选择”里回到这里重新选择。',
    ja_JP:
      '今は {count} つの選択肢があります：{list}。自分の役に合うものを選んでください。あとで「手帳」の「これまでの選択」から戻って選び直せます。',
  },
  minigame: {
    en_US: ' A {game} is waiting for you: finish it to go on.',
    zh_CN: '一个{game}正在等你：完成它才能继续。',
    ja_JP: '{game}が待っています。クリアすると先に進めます。',
  },
  conversation: {
    en_US:
      ' You are talking with {name}: the story goes on when the conversation reaches its goal.',
    zh_CN: '你正在和{name}聊天：对话达成目标后故事会继续。',
    ja_JP: '{name}と会話中です。会話の目的を果たすと物語が進みます。',
  },
  reading: {
    en_US: ' Tap the story to read on: the next choice comes after the lines on screen.',
    zh_CN: '点击故事继续阅读：屏幕上的台词之后就是下一个选择。',
    ja_JP: '物語をタップして読み進めてください。画面の台詞の後に次の選択があります。',
  },
  tasks: {
    en_US: ' Open tasks (in the Journal): {list}.',
    zh_CN: '未完成的任务（见“手册”）：{list}。',
    ja_JP: '未完了のタスク（「手帳」にあります）：{list}。',
  },
  nextChapter: {
    en_US: ' You finished this chapter. Next is chapter {number}, “{chapter}”, which {access}.',
    zh_CN: '你已完成本章。下一章是第 {number} 章“{chapter}”，{access}。',
    ja_JP: 'この章はクリアしました。次は第 {number} 章「{chapter}」で、{access}。',
  },
  theEnd: {
    en_US:
      ' You have reached the end of the story so far: new chapters show up here when they come out.',
    zh_CN: '你已经读到目前的结尾：新章节发布后会出现在这里。',
    ja_JP: '今のところの結末まで来ました。新しい章が公開されるとここに表示されます。',
  },
  free: { en_US: 'is free', zh_CN: '免费', ja_JP: '無料です' },
  unlocked: { en_US: 'is unlocked for you', zh_CN: '你已解锁', ja_JP: '解放済みです' },
  costs: {
    en_US: 'costs {price} gems to unlock',
    zh_CN: '解锁需要 {price} 宝石',
    ja_JP: '解放には {price} ジェムが必要です',
  },
  seriesNext: {
    en_US: 'In {title}, episode {number}, “{episode}”, is next; it {access}.',
    zh_CN: '《{title}》接下来是第 {number} 集“{episode}”，{access}。',
    ja_JP: '「{title}」の次は第 {number} 話「{episode}」で、{access}。',
  },
  seriesDone: {
    en_US: 'You have watched every episode of {title}.',
    zh_CN: '你已经看完了《{title}》的全部剧集。',
    ja_JP: '「{title}」のエピソードはすべて見終わりました。',
  },
};

const GAME_NAMES = {
  puzzle: { en_US: 'puzzle', zh_CN: '拼图', ja_JP: 'パズル' },
  dice: { en_US: 'dice game', zh_CN: '骰子游戏', ja_JP: 'サイコロゲーム' },
  word: { en_US: 'word game', zh_CN: '猜词游戏', ja_JP: 'ことばゲーム' },
};

/** Whether a chapter or episode is open to this player, said as its page would. */
function accessOf(part: ChapterPart, locale: Locale): string {
  if (part.price_gems === 0) return say(TEXTS.free, locale);
  if (part.unlocked) return say(TEXTS.unlocked, locale);
  return say(TEXTS.costs, locale, { price: part.price_gems });
}

/** "A", "B" and "C": choices read out as quotations. */
function quoted(items: string[], locale: Locale) {
  const marks = locale === 'en_US' ? ['“', '”'] : locale === 'zh_CN' ? ['“', '”'] : ['「', '」'];
  return joinList(
    items.map((i) => `${marks[0]}${i}${marks[1]}`),
    locale,
  );
}

/** What is in front of a player in a story they have started, and the way on from there. */
export function storyPlaceSaid(card: GameCard, place: StoryPlace, locale: Locale): string {
  let text = say(TEXTS.where, locale, {
    title: card.title,
    number: place.chapter.number,
    count: place.chapterCount,
    chapter: place.chapter.title,
  });
  if (place.chapterEnded) {
    text += place.next
      ? say(TEXTS.nextChapter, locale, {
          number: place.next.number,
          chapter: place.next.title,
          access: accessOf(place.next, locale),
        })
      : say(TEXTS.theEnd, locale);
  } else if (place.minigame) {
    text += say(TEXTS.minigame, locale, { game: GAME_NAMES[place.minigame][locale] });
  } else if (place.conversationWith) {
    text += say(TEXTS.conversation, locale, { name: place.conversationWith });
  } else if (place.choices.length > 0) {
    text += say(TEXTS.choices, locale, {
      count: place.choices.length,
      list: quoted(place.choices.slice(0, CHOICES_SAID), locale),
    });
  } else {
    text += say(TEXTS.reading, locale);
  }
  if (place.openTasks.length > 0)
    text += say(TEXTS.tasks, locale, { list: joinList(place.openTasks, locale) });
  return text;
}

/** A story the player has not begun: how to begin and how saving works. */
export function notStartedSaid(card: GameCard, first: ChapterPart | undefined, locale: Locale) {
  const access = first ? accessOf(first, locale) : say(TEXTS.free, locale);
  return say(TEXTS.notStarted, locale, { title: card.title, access });
}

/** A series: the first episode not yet watched, and whether it is open. */
export function seriesNextSaid(card: GameCard, episodes: ChapterPart[], locale: Locale) {
  const next = episodes.find((e) => !e.completed);
  if (!next) return say(TEXTS.seriesDone, locale, { title: card.title });
  return say(TEXTS.seriesNext, locale, {
    title: card.title,
    number: next.number,
    episode: next.title,
    access: accessOf(next, locale),
  });
}
