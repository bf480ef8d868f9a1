import { describe, expect, it } from 'vitest';
import { CORPUS_WORKS, corpusReaders } from '../../../../test/support/assistant-corpus-world.js';
import { createOfflineEngine } from './offline-engine.js';

// "I want to play X" is a title only when X names one work and is no mood: the same words carry
// a wish for a kind of thing ("I want to read something scary"), which is a search, and a word
// found in several works names none of them.

const engine = createOfflineEngine();

async function lastTool(text: string) {
  const reply = await engine.reply({
    text,
    history: [],
    ctx: { userId: 1, locale: 'en_US', page: '/For_You', readers: corpusReaders() },
  });
  return reply.tools.at(-1) ?? null;
}

describe('a wish naming a work', () => {
  it('opens the one work whose title it names', async () => {
    const named: [string, number][] = [
      ['I want to play Starlight Relay', CORPUS_WORKS.scifiSeries],
      ['can I watch umbrella vows', CORPUS_WORKS.series],
    ];
    for (const [text, workId] of named)
      expect(await lastTool(text), text).toEqual({ name: 'open_work', args: { work_id: workId } });
  });

  it('searches when the words are a mood or name no single work', async () => {
    for (const text of ['I want to play romance', 'I want to watch something funny'])
      expect(await lastTool(text), text).toMatchObject({
        name: 'find_works',
        args: { mood: expect.any(String) },
      });
    expect((await lastTool('I want to play a game'))?.name).toBe('find_works');
  });
});
