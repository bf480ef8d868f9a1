import { LOCALES } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  type ChatTurn,
  chooseLine,
  createOfflineProvider,
  type ReplyRequest,
} from '../llm/index.js';
import { loadDemoGames } from './demo-content.js';

/** The player's openings the goal test walks through, one per goal step, in each language. */
const GOAL_WALKS: Record<string, Record<string, string[]>> = {
  secret: {
    en_US: ['Tell me about your flame.', 'Did yours ever go out, once, long ago?'],
    zh_CN: ['跟我说说你的火焰。', '你的火曾经熄灭过吗？'],
    ja_JP: ['あなたの炎のことを教えて。', 'あなたの炎も消えたことがあるの？'],
  },
  song: {
    en_US: ['That lullaby in the signal.', 'Where did you learn it?'],
    zh_CN: ['信号里的那首摇篮曲。', '你是在哪里学会的？'],
    ja_JP: ['信号の中の子守歌。', 'どこで覚えたの？'],
  },
  trust: {
    en_US: [
      'I locked the vault at midnight and checked it twice.',
      'Someone else must have a key.',
    ],
    zh_CN: ['我午夜锁了金库，还检查了两遍。', '一定有别人有钥匙。'],
    ja_JP: ['零時に金庫を施錠して、二度確かめました。', '他の誰かが鍵を持っているはずです。'],
  },
  truth: {
    en_US: [
      'What do you do for work?',
      'Are you with the developer who wants to buy the building?',
    ],
    zh_CN: ['你做什么工作？', '你是不是为想买这栋楼的开发商做事？'],
    ja_JP: ['どんな仕事をしているの？', 'この建物を買いたい開発会社の人？'],
  },
};

describe('demo characters', async () => {
  const games = await loadDemoGames();
  const npcs = games.flatMap((g) => g.npcs.map((npc) => ({ slug: g.slug, npc })));

  it('gives every NPC of every demo game chat material in all three languages', () => {
    expect(npcs.length).toBeGreaterThanOrEqual(8);
    for (const { slug, npc } of npcs) {
      const persona = npc.character;
      expect(persona, `${slug}/${npc.key}`).toBeTruthy();
      const texts = [
        persona!.name,
        persona!.identity,
        persona!.voice,
        ...persona!.greeting.say,
        ...persona!.cues.flatMap((c) => c.say),
        ...persona!.fallback.flatMap((l) => l.say),
        ...persona!.goals.flatMap((g) => [g.description, ...g.reached.say]),
      ];
      for (const text of texts) for (const locale of LOCALES) expect(text[locale]).toBeTruthy();
      expect(persona!.cues.length).toBeGreaterThanOrEqual(5);
      // More than one face: the portrait changes as the conversation goes.
      expect(new Set(persona!.cues.map((c) => c.expression)).size).toBeGreaterThan(2);
    }
  });

  it("carries a persona goal for every goal the story's chat tags can set", () => {
    for (const { npc } of npcs) {
      for (const goal of Object.keys(npc.goals ?? {})) {
        expect(npc.character!.goals.map((g) => g.key)).toContain(goal);
      }
    }
  });

  it('lets a player reach each story goal in each language with the offline engine', async () => {
    const offline = createOfflineProvider();
    for (const { slug, npc } of npcs) {
      for (const goalKey of Object.keys(npc.goals ?? {})) {
        for (const locale of LOCALES) {
          const history: ChatTurn[] = [];
          let reached = false;
          for (const message of GOAL_WALKS[goalKey]![locale]!) {
            const request: ReplyRequest = {
              persona: npc.character!,
              locale,
              history,
              message,
              storySoFar: '',
              goalKey,
              memory: { summary: '', pinned: [] },
            };
            let text = '';
            for await (const event of offline.reply(request)) {
              if (event.type === 'final') {
                reached = event.result.goal?.key === goalKey;
                text = event.result.text;
              }
            }
            history.push({ role: 'player', text: message }, { role: 'character', text });
          }
          expect(reached, `${slug}/${npc.key} ${goalKey} ${locale}`).toBe(true);
        }
      }
    }
  });

  it('answers a greeting in character rather than with the fallback', () => {
    for (const { npc } of npcs) {
      const persona = npc.character!;
      const { line } = chooseLine({
        persona,
        locale: 'en_US',
        history: [],
        message: 'Hello!',
        storySoFar: '',
        goalKey: null,
        memory: { summary: '', pinned: [] },
      });
      expect(persona.fallback).not.toContain(line);
    }
  });
});
