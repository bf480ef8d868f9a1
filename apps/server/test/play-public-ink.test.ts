import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishGame } from '../src/modules/play/publish.js';
import type { AppError } from '../src/platform/http/app-error.js';
import { buildUser } from './support/factories.js';
import { playThroughApi, playWithInkjs, readWork } from './support/public-ink.js';
import { startTestServer, type TestServer } from './support/server.js';
import { storyGameDefinition } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const t = (en: string) => ({ en_US: en });

/** Publishes a public story as its own work: no characters, tasks, scenes or mini-games. */
async function publishWork(mainPath: string) {
  const { main, files } = readWork(mainPath);
  const creator = await buildUser(server.database.db);
  const def = storyGameDefinition({
    npcs: [],
    tasks: [],
    scenes: [],
    minigames: [],
    chapters: [{ title: t(main), priceGems: 0, ink: files[main]!, file: main }],
    inkFiles: files,
  });
  return publishGame(server.database.db, def, {
    creatorId: creator.id,
    coverUrl: (id) => `/taleforge/art/cover/${id}.svg`,
    now: new Date(),
  });
}

/**
 * Stories from the inkjs project's tests and a published game. None draws numbers it did not
 * seed (`all_sequence_types` seeds its shuffles), so every one must read word for word as plain
 * inkjs reads it, with the same tags on each line and option.
 */
const STORIES: [string, number][] = [
  ['inkjs/tags/tags.ink', 5],
  ['inkjs/tags/tags_dynamic_content.ink', 5],
  ['inkjs/tags/tags_in_seq.ink', 5],
  ['inkjs/choices/tags_in_choice.ink', 5],
  ['inkjs/choices/dynamic_tags_in_choice.ink', 5],
  ['inkjs/choices/conditional_choices.ink', 5],
  ['inkjs/choices/sticky_choices_stay_sticky.ink', 8],
  ['inkjs/choices/choice_thread_forking.ink', 5],
  ['inkjs/misc/include.ink', 5],
  ['inkjs/misc/nested_include.ink', 5],
  ['inkjs/misc/escape_character.ink', 5],
  ['inkjs/misc/quote_character_significance.ink', 5],
  ['inkjs/strings/strings_in_choices.ink', 5],
  ['inkjs/strings/string_contains.ink', 5],
  ['inkjs/inkjs/tests.ink', 10],
  ['inkjs/diverts/complex_tunnels.ink', 5],
  ['inkjs/diverts/tunnel_onwards_after_tunnel.ink', 5],
  ['inkjs/glue/left_right_glue_matching.ink', 5],
  ['inkjs/knots/knot_stitch_gather_counts.ink', 5],
  ['inkjs/lists/more_list_operations.ink', 5],
  ['inkjs/sequences/all_sequence_types.ink', 5],
  ['inkjs/threads/multi_thread.ink', 5],
  ['inkjs/variables/variable_tunnel.ink', 5],
  ['the-intercept/TheIntercept.ink', 400],
];

describe('public ink played through the API', () => {
  it.each(STORIES)('%s reads as plain inkjs reads it', async (mainPath, maxSteps) => {
    const gameId = await publishWork(mainPath);
    const ours = await playThroughApi(server, gameId, maxSteps);
    const theirs = playWithInkjs(readWork(mainPath), maxSteps);
    expect(ours).toEqual(theirs);
    expect(ours.flatMap((p) => [...p.lines, ...p.choices]).length).toBeGreaterThan(0);
  });

  it('plays The Intercept to an ending, past many choices', async () => {
    const gameId = await publishWork('the-intercept/TheIntercept.ink');
    const passages = await playThroughApi(server, gameId, 400);
    expect(passages.length).toBeGreaterThan(20);
    expect(passages.at(-1)!.choices).toEqual([]);
  });

  it('refuses a story whose EXTERNAL functions have no ink fallback, naming each', async () => {
    const error = (await publishWork('inkjs/bindings/external_binding.ink').catch(
      (e: unknown) => e,
    )) as AppError;
    expect(error.status).toBe(4014);
    for (const name of ['message', 'multiply', 'times']) {
      expect(error.detail).toContain(`EXTERNAL ${name} has no ink fallback`);
    }
  });
});
