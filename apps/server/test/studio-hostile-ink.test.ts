import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';

// Issue 41: a creator's ink decides how long it runs, so the studio runs it on story threads with
// a budget. Each hostile story below is answered in bounded time with its own status, never a
// server error, while the event loop keeps answering everyone else.

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await signedIn(server));
});
afterAll(() => server.close());

/** A one-chapter work whose chapter is `source`; its id. */
async function workOf(source: string): Promise<number> {
  const work = await createWork(server, token, 'Hostile');
  const saved = await saveFile(server, token, work.id, 'one.ink', source);
  expect(saved.status).toBe(200);
  const now = await api(server, CALLS.studioWork, { token, query: { id: work.id } });
  const updated = await api(server, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: work.id,
      revision: now.data!.revision,
      chapters: [{ title: { en_US: 'One' }, file: 'one.ink', price_gems: 0 }],
    },
  });
  expect(updated.status).toBe(200);
  return work.id;
}

const preview = (id: number, choices: number[] = []) =>
  api(server, CALLS.studioPreview, { token, body: { id, chapter: 1, choices } });

const HOSTILE = {
  'a divert to itself': '-> loop\n=== loop ===\n-> loop\n',
  'an endless tunnel': '-> deeper ->\n=== deeper ===\n-> deeper ->\n->->\n',
  'a flood of 600 lines': '~ temp i = 0\n- (top)\nLine {i}.\n~ i++\n{i < 600: -> top}\n-> END\n',
  'deep recursion': '{down(0)}\n-> END\n=== function down(n) ===\n~ return down(n + 1)\n',
  'a text that doubles for ever': 'LIST big = a\n~ temp s = "x"\n- (top)\n~ s = s + s\n-> top\n',
} as const;

/** How long the event loop takes to answer a liveness probe while `work` runs, at most. */
async function slowestProbeDuring(work: Promise<unknown>): Promise<number> {
  let slowest = 0;
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const live = await api(server, CALLS.healthLive, { dfId: null });
      expect(live.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await work.finally(() => {
    done = true;
  });
  await probing;
  return slowest;
}

describe('hostile ink in the studio', () => {
  // The first task of a server waits for its story thread to load the compiler.
  beforeAll(async () => {
    expect((await preview(await workOf('Warm.\n-> END\n'))).status).toBe(200);
  }, 60_000);

  it.each(Object.entries(HOSTILE))(
    '%s: previewed, answers 6518 or 6520 in bounded time, and compiles',
    async (_, source) => {
      const id = await workOf(source);
      const started = performance.now();
      const answer = await preview(id);
      expect([STATUS.STUDIO_STORY_RUNS_ON, STATUS.STUDIO_STORY_TOO_SLOW], answer.desc).toContain(
        answer.status,
      );
      expect(answer.desc).not.toBe('');
      expect(performance.now() - started).toBeLessThan(8_000);
      const compiled = await api(server, CALLS.studioCompile, { token, body: { id } });
      expect(compiled.status).toBe(200);
    },
    30_000,
  );

  it('a 1 KB story replayed through 2,000 choices is refused as too long to show', async () => {
    const page = 'The wind says the same thing again. '.repeat(25);
    const id = await workOf(`- (top)\n${page}\n+ [Again] -> top\n`);
    const answer = await preview(id, Array(2_000).fill(0));
    expect(answer.status).toBe(STATUS.STUDIO_PREVIEW_TOO_LONG);
  }, 30_000);

  it('ten hostile previews at once: each answers with its status, the event loop stays free', async () => {
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => workOf(HOSTILE['a divert to itself'])),
    );
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const answers = Promise.all(ids.map((id) => preview(id)));
    const slowest = await slowestProbeDuring(answers);
    loop.disable();
    for (const answer of await answers) {
      expect([
        STATUS.STUDIO_STORY_RUNS_ON,
        STATUS.STUDIO_STORY_TOO_SLOW,
        STATUS.STUDIO_STORY_BUSY,
      ]).toContain(answer.status);
    }
    expect((await answers).some((a) => a.status === STATUS.STUDIO_STORY_BUSY)).toBe(true);
    // On the event loop, each of these stories held it for its whole 1 s continue budget. Off
    // it, what is left is scheduling: tens of ms alone, a few hundred beside a full test run on
    // two cores. The figures against the 100 ms target are measured, not asserted (issue 41).
    expect(loop.max / 1e6).toBeLessThan(500);
    expect(slowest).toBeLessThan(500);
  }, 60_000);
});
