import { randomBytes } from 'node:crypto';
import type { GameDefinition } from '../../src/modules/play/game-definition.js';
import { publishGame } from '../../src/modules/play/publish.js';
import type { Db } from '../../src/platform/db/client.js';
import { buildUser } from './factories.js';

const t = (en: string) => ({ en_US: en, zh_CN: `${en}（中文）`, ja_JP: `${en}（日本語）` });

/** A small chapter that uses every kind of step: choices, an item, a task, each mini-game. */
export const CHAPTER_ONE = `VAR won = false
EXTERNAL has_item(key)
The vault is dark. #scene:vault #zh:金库一片漆黑。
Find the ledger. #speaker:ada:observe #task_start:find_ledger
* [Search the desk #zh:搜查书桌] A key under the blotter. #item_gain:mysterious_key #item_gain:healing_potion
  -> door
* [Wait] Nothing happens. #stat:health:-10
  -> door
== door ==
* {has_item("mysterious_key")} [Open the safe] The ledger. #item_use:mysterious_key #task_done:find_ledger #stat:stars:+1
  -> games
* [Knock] Ada shrugs. #speaker:ada:angry
  -> games
== games ==
Put the pages in order. #minigame:puzzle:pages
{won: In order.|Out of order.}
Dice for it. #speaker:ada:grin #minigame:dice:bet
{won: You win the bet.|Ada wins the bet.}
Name the thief. #minigame:word:thief
{won: Right.|Wrong.}
The end of chapter one. #chapter_end
-> END
`;

export const CHAPTER_TWO = `The second chapter's secret text. #speaker:ada:smile
-> END
`;

export function storyGameDefinition(overrides: Partial<GameDefinition> = {}): GameDefinition {
  const suffix = randomBytes(4).toString('hex');
  return {
    slug: `story-${suffix}`,
    title: t(`Story ${suffix}`),
    description: t('A test story'),
    scriptType: 'SUSPENSE',
    tags: ['test'],
    languages: ['en_US', 'zh_CN', 'ja_JP'],
    npcs: [
      {
        key: 'ada',
        name: t('Ada'),
        persona: t('A clerk'),
        greeting: t('Hello'),
        goals: { confess: { description: t('Get her to confess'), success: t('She confesses') } },
        face: { skin: '#f1c7a5', hair: '#3a2418', hairStyle: 'bun', eyes: '#3b6', accent: '#446' },
      },
      {
        key: 'bo',
        name: t('Bo'),
        persona: t('A guard'),
        greeting: t('Halt'),
        face: { skin: '#c98e62', hair: '#111', hairStyle: 'short', eyes: '#333', accent: '#822' },
      },
    ],
    tasks: [{ key: 'find_ledger', title: t('Find the ledger') }],
    scenes: [{ key: 'vault', style: { top: '#123', bottom: '#000', motif: 'stars' } }],
    minigames: [
      {
        key: 'pages',
        spec: {
          kind: 'puzzle',
          prompt: t('Order the pages'),
          pieces: [t('one'), t('two'), t('three')],
        },
      },
      { key: 'bet', spec: { kind: 'dice', opponent: 'ada', target: 2 } },
      {
        key: 'thief',
        spec: {
          kind: 'word',
          clue: t('Who stole it?'),
          answer: { en_US: 'bo', zh_CN: '阿博', ja_JP: 'ボー' },
        },
      },
    ],
    chapters: [
      { title: t('One'), priceGems: 0, ink: CHAPTER_ONE },
      { title: t('Two'), priceGems: 50, ink: CHAPTER_TWO },
    ],
    ...overrides,
  };
}

export async function buildStoryGame(db: Db, overrides: Partial<GameDefinition> = {}) {
  const creator = await buildUser(db);
  const definition = storyGameDefinition(overrides);
  const gameId = await publishGame(db, definition, {
    creatorId: creator.id,
    coverUrl: (id) => `/taleforge/art/cover/${id}.svg`,
    now: new Date(),
  });
  return { gameId, definition, creatorId: creator.id };
}
