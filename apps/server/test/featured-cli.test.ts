import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { featuredPins, games } from '../src/platform/db/schema/index.js';
import { cliOnTestDatabase } from './support/cli.js';
import { buildGame } from './support/factories.js';

// `npm run featured` as an operator runs it: its own process, the server's database settings.

const cli = cliOnTestDatabase('src/cli/featured.ts');
const run = cli.run;

const pinnedIds = async () =>
  (await cli.database.db.select().from(featuredPins)).map((row) => row.gameId);

describe('the featured CLI', () => {
  it('pins a published story, shows it, refuses what cannot be featured, and clears', async () => {
    const story = await buildGame(cli.database.db);
    const hidden = await buildGame(cli.database.db, { publishedAt: null });

    const pinned = await run('pin', '--game', String(story.id));
    expect(pinned).toMatchObject({ code: 0 });
    expect(pinned.stdout).toMatch(new RegExp(`^Work ${story.id} pinned at .* \\(featured now\\)`));
    expect(await pinnedIds()).toEqual([story.id]);

    const refused = await run('pin', '--game', String(hidden.id));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('This work is not on the player site');
    const unknown = await run('pin', '--game', '999999');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No work has this id');
    expect(await pinnedIds()).toEqual([story.id]);

    await cli.database.db.update(games).set({ publishedAt: null }).where(eq(games.id, story.id));
    expect((await run('show')).stdout).toContain('not in effect');

    expect(await run('clear')).toMatchObject({ code: 0 });
    expect(await pinnedIds()).toEqual([]);
    expect((await run('show')).stdout).toContain('No work is pinned');
    expect((await run('pin', '--game', 'twelve')).code).toBe(2);
  }, 60_000);
});
