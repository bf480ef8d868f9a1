import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../test/support/fake-llm.js';
import { loadDemoPersona } from '../../../test/support/personas.js';
import { createOfflineProvider } from './offline/offline-provider.js';
import { createOpenAiProvider } from './openai-provider.js';
import { type ChatTurn, ModelError, SUMMARY_MAX_CHARS } from './provider.js';

const mirela = loadDemoPersona('lantern-keeper');
const turns: ChatTurn[] = [
  { role: 'player', text: 'My name is Ren and I am looking for my brother.' },
  { role: 'character', text: 'Hm. Many come looking.' },
  { role: 'player', text: 'He sailed on the Halcyon.' },
];

describe('offline summary', () => {
  const offline = createOfflineProvider();

  it('remembers what the player said, in the player’s language', async () => {
    const summary = await offline.summarize({
      persona: mirela,
      locale: 'en_US',
      previous: '',
      turns,
    });
    expect(summary).toBe(
      'The player said: “My name is Ren and I am looking for my brother.” “He sailed on the Halcyon.”',
    );
    const ja = await offline.summarize({
      persona: mirela,
      locale: 'ja_JP',
      previous: '',
      turns: [{ role: 'player', text: '兄を探しています' }],
    });
    expect(ja).toBe('プレイヤーの発言：「兄を探しています」');
  });

  it('keeps the newest words when the summary is full', async () => {
    let summary = '';
    for (let i = 0; i < 40; i++) {
      summary = await offline.summarize({
        persona: mirela,
        locale: 'en_US',
        previous: summary,
        turns: [{ role: 'player', text: `Fact number ${i} about my long journey across the sea.` }],
      });
    }
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(summary).toContain('Fact number 39');
    expect(summary).not.toContain('Fact number 0 ');
    expect(summary.startsWith('The player said: “')).toBe(true);
  });
});

describe('model summary', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  const provider = () =>
    createOpenAiProvider({
      baseUrl: fake.baseUrl,
      model: 'fake',
      idleTimeoutMs: 1_000,
      maxReplyMs: 2_000,
      maxTokens: 100,
    });

  it('asks for a summary without streaming, with the transcript as a user message', async () => {
    fake.script({ text: 'Ren is looking for his brother, who sailed on the Halcyon.' });
    const summary = await provider().summarize({
      persona: mirela,
      locale: 'en_US',
      previous: 'Ren arrived at dusk.',
      turns,
    });
    expect(summary).toBe('Ren is looking for his brother, who sailed on the Halcyon.');
    const sent = fake.requests.at(-1)?.body;
    expect(sent?.stream).toBe(false);
    expect(sent?.messages[0]?.role).toBe('system');
    expect(sent?.messages[0]?.content).not.toContain('Ren');
    expect(sent?.messages[1]?.content).toContain('Ren arrived at dusk.');
    expect(sent?.messages[1]?.content).toContain('Player: He sailed on the Halcyon.');
    expect(sent?.messages[1]?.content).toContain('Mirela: Hm. Many come looking.');
  });

  it('fails with a ModelError the caller can ignore (the old summary stays)', async () => {
    fake.script({ httpStatus: 500 });
    const error = await provider()
      .summarize({ persona: mirela, locale: 'en_US', previous: '', turns })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
  });
});
