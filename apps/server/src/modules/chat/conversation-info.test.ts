import { describe, expect, it } from 'vitest';
import { loadDemoPersona } from '../../../test/support/personas.js';
import { goalProgress, toConversationInfo } from './conversation-info.js';

const mirela = loadDemoPersona('lantern-keeper');
const facts = {
  gameId: 3,
  npcId: 7,
  portrait: '/media/mirela.svg',
  persona: mirela,
  engine: 'offline' as const,
  goalKey: 'learn-the-signal',
  lastExpression: null,
};

describe('conversation info', () => {
  it('opens with the greeting, its face, the goal and the price, in the player’s language', () => {
    expect(toConversationInfo({ ...facts, locale: 'ja_JP' })).toEqual({
      game_id: 3,
      npc_id: 7,
      name: 'ミレラ',
      portrait: '/media/mirela.svg',
      greeting: expect.stringMatching(/^階段に気をつけな/),
      expression: 'observe',
      goal: { key: 'learn-the-signal', text: expect.stringMatching(/ハルシオン号/) },
      price_gems: 0,
      engine: 'offline',
    });
  });

  it('prices a reply by its engine: free offline, 10 gems from a model', () => {
    expect(toConversationInfo({ ...facts, locale: 'en_US' }).price_gems).toBe(0);
    expect(toConversationInfo({ ...facts, engine: 'openai', locale: 'en_US' }).price_gems).toBe(10);
  });

  it('shows the latest reply’s face and no goal when the story set none', () => {
    const info = toConversationInfo({
      ...facts,
      locale: 'en_US',
      goalKey: null,
      lastExpression: 'laugh',
    });
    expect(info).toMatchObject({ expression: 'laugh', goal: null, name: 'Mirela' });
  });

  it('counts goal progress from the player’s words', () => {
    expect(goalProgress(mirela, 'learn-the-signal', [])).toBe(0);
    expect(goalProgress(mirela, 'learn-the-signal', ['What about the Halcyon?'])).toBe(50);
    expect(goalProgress(mirela, 'learn-the-signal', ['the ship', 'that light'])).toBe(100);
    expect(goalProgress(mirela, null, ['the ship'])).toBeNull();
  });
});
