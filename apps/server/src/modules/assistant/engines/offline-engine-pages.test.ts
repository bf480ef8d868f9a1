import type { Locale } from '@taleforge/contracts/constants';
import { describe, expect, it } from 'vitest';
import { CORPUS_WORKS, corpusReaders } from '../../../../test/support/assistant-corpus-world.js';
import { createOfflineEngine } from './offline-engine.js';

// The page decides only what the words leave open, and only when it is true: a work's page
// counts when that work is published, and the same words elsewhere keep their old meaning.

const engine = createOfflineEngine();

async function ask(text: string, page: string | null, locale: Locale = 'en_US') {
  const reply = await engine.reply({
    text,
    history: [],
    ctx: { userId: 1, locale, page, readers: corpusReaders() },
  });
  return { reply, last: reply.tools.at(-1) ?? null };
}

const story = `/drama/${CORPUS_WORKS.story}`;
const series = `/drama/${CORPUS_WORKS.series}`;

describe('the offline engine on the page it is opened on', () => {
  it('answers "what now?" on a story with where the player is and the choices open', async () => {
    const { reply, last } = await ask('what should I do next in this story?', story);
    expect(last).toEqual({ name: 'continue_last_game', args: { work_id: CORPUS_WORKS.story } });
    expect(reply.text).toContain('Rainy Café Hearts');
    expect(reply.text).toContain('chapter 2 of 4');
    expect(reply.text).toContain('“Offer her your umbrella”');
    expect(reply.text).toContain('Find the lost ring');
    // The player is on the page already: nothing navigates.
    expect(reply.actions).toEqual([]);
  });

  it('answers in the interface language', async () => {
    const { reply } = await ask('次はどうすればいい？', story, 'ja_JP');
    expect(reply.text).toContain('「雨のカフェの恋心」の第 2 章');
    expect(reply.text).toContain('「傘を差し出す」');
  });

  it('tells a series the next episode to watch and whether it is open', async () => {
    const { reply } = await ask('what now', series);
    expect(reply.text).toBe('In Umbrella Vows, episode 3, “Episode 3”, is next; it is free.');
  });

  it('gives the prices of the work on screen for "is it free?"', async () => {
    const { reply, last } = await ask('is this free?', story);
    expect(last?.args).toEqual({ topic: 'prices', work_id: CORPUS_WORKS.story });
    expect(reply.text).toContain('has 4 chapters: 2 free, the others 30 gems each');
    expect(reply.actions).toEqual([{ kind: 'topup' }]);
  });

  it('keeps the old meaning off the page: "stuck" is a report, "what now" the help', async () => {
    expect((await ask("I'm stuck", '/For_You')).last?.name).toBe('report_problem');
    expect((await ask("I'm stuck", story)).last?.name).toBe('continue_last_game');
    expect((await ask('the page is stuck loading', story)).last?.name).toBe('report_problem');
    expect((await ask('what now', '/For_You')).reply.tools).toEqual([]);
  });

  it('reads a page naming an unpublished or unknown work as no work at all', async () => {
    for (const page of [`/drama/${CORPUS_WORKS.unpublished}`, '/drama/987654', '/drama/1x']) {
      const { reply } = await ask('what should I do next?', page);
      expect(reply.tools, page).toEqual([]);
    }
    // "Is it free?" then is the general price list, with no work id.
    const { last } = await ask('how much does it cost', `/drama/${CORPUS_WORKS.unpublished}`);
    expect(last).toEqual({ name: 'explain_topic', args: { topic: 'prices' } });
  });

  it('on the wallet a bare "how much?" is the balance; after a payment "what happened?" is it', async () => {
    expect((await ask('how much?', '/wallet')).last?.name).toBe('wallet_summary');
    expect((await ask('how much?', '/For_You')).last?.name).not.toBe('wallet_summary');
    expect((await ask('what happened?', '/payment/callback?order_no=T2')).last?.name).toBe(
      'explain_payment',
    );
    expect((await ask('what happened?', '/For_You')).reply.tools).toEqual([]);
  });
});
