// A work with something in every section of the studio, and what players did with it, made
// through the real calls: each studio screen then shows its full self (a character's form, a
// chapter's figures and choices, a queue of reports), not only its empty state.

import { expect, type Page } from '@playwright/test';
import { CALLS } from '@taleforge/contracts';
import { api } from './api';
import type { newAccount } from './studio';

type Account = Awaited<ReturnType<typeof newAccount>>;

const STORY = `# speaker: mara:normal
The lamp at Greyhollow burns low tonight.
* [Climb the stairs]
  You climb to the lens room.
* [Stay below]
  You stay below and listen to the sea.
- The boats are coming home. # task: light
-> END
`;

const as = (account: Account) => ({ token: account.token, dfId: account.dfId });

/** Publishes a work of `creator`'s titled `title`; `player` plays it (a start, a choice), posts a
 * comment that `reporter` reports, and sends support a report. */
export async function seedStudioWork(
  page: Page,
  { creator, player, reporter }: { creator: Account; player: Account; reporter: Account },
  title: string,
) {
  const created = await api(page.request, CALLS.studioWorkCreate, {
    ...as(creator),
    body: { title: { en_US: title }, script_type: 'SUSPENSE' },
  });
  expect(created.status, created.desc).toBe(200);
  const work = created.data!;
  const face = { skin: '#f1c7a5', hair: '#3b2a1a', hairStyle: 'bun', eyes: '#2f6b4f' } as const;
  const updated = await api(page.request, CALLS.studioWorkUpdate, {
    ...as(creator),
    body: {
      id: work.id,
      revision: work.revision,
      description: { en_US: 'A keeper, a lamp and a long night.' },
      tags: ['lighthouse'],
      characters: [
        {
          key: 'mara',
          name: { en_US: 'Mara' },
          persona: { en_US: 'Mara keeps the Greyhollow light.' },
          greeting: { en_US: 'Mind the stairs.' },
          face: { ...face, accent: '#f6c76b' },
          expressions: {},
          chat: null,
        },
      ],
      chapters: [{ title: { en_US: 'The Lamp' }, file: 'one.ink', price_gems: 0 }],
      tasks: [{ key: 'light', title: { en_US: 'Keep the light' } }],
      minigames: [
        {
          key: 'riddle',
          spec: { kind: 'word', clue: { en_US: 'It guides ships' }, answer: { en_US: 'lamp' } },
        },
      ],
    },
  });
  expect(updated.status, updated.desc).toBe(200);
  const saved = await api(page.request, CALLS.studioFileSave, {
    ...as(creator),
    body: { id: work.id, path: 'one.ink', source: STORY },
  });
  expect(saved.status, saved.desc).toBe(200);
  const published = await api(page.request, CALLS.studioPublish, {
    ...as(creator),
    body: { id: work.id },
  });
  expect(published.status, published.desc).toBe(200);
  const gameId = published.data!.game_id!;

  const started = await api(page.request, CALLS.gameEvent, {
    ...as(player),
    body: { type: 'start', game_id: gameId },
  });
  expect(started.status, started.desc).toBe(200);
  const chose = await api(page.request, CALLS.gameEvent, {
    ...as(player),
    body: { type: 'choose', game_id: gameId, seq: started.data!.seq, choice_index: 0 },
  });
  expect(chose.status, chose.desc).toBe(200);

  const posted = await api(page.request, CALLS.commentPost, {
    ...as(player),
    body: { game_id: gameId, body: `${title} made no sense, idiots.` },
  });
  expect(posted.status, posted.desc).toBe(200);
  const reported = await api(page.request, CALLS.commentReport, {
    ...as(reporter),
    body: { comment_id: posted.data!.id, reason: 'abuse' },
  });
  expect(reported.status, reported.desc).toBe(200);
  const sent = await api(page.request, CALLS.assistantReport, {
    ...as(player),
    body: {
      client_report_id: crypto.randomUUID(),
      description: `${title} will not load past the stairs.`,
      include_conversation: false,
    },
  });
  expect(sent.status, sent.desc).toBe(200);
  return { workId: work.id, gameId };
}
