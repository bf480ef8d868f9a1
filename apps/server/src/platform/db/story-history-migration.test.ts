import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
const statements = (file: string) =>
  readFileSync(`${folder}${file}`, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const migrations = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const HISTORY = migrations.findIndex((f) => f.startsWith('0013_story-history'));

const db = new PGlite();
afterAll(() => db.close());

const snapshot = (n: number) => ({
  inkState: `{"ink":${n}}`,
  state: { stats: { health: 100 - n } },
  view: { lines: [{ text: { en_US: `Line ${n}` } }] },
  chosen: { en_US: `Choice ${n}`, zh_CN: `选择 ${n}` },
});

describe('the story-history migration', () => {
  it('moves each saved choice point to a row and the choices taken to the save', async () => {
    for (const file of migrations.slice(0, HISTORY)) {
      for (const statement of statements(file)) await db.exec(statement);
    }
    await db.exec(`
      INSERT INTO users (public_id, oauth_enum) VALUES ('u_m', 'EMAIL'), ('u_n', 'EMAIL');
      INSERT INTO games (slug, title, description, cover, script_type, creator_id)
        VALUES ('m', '{}', '{}', '', 'SUSPENSE', 1);
      INSERT INTO chapters (game_id, position, title) VALUES (1, 1, '{}');`);
    const history = JSON.stringify([snapshot(0), snapshot(1)]);
    await db.query(
      `INSERT INTO game_saves (user_id, game_id, chapter_id, story_version, ink_state, state, view, history)
       VALUES (1, 1, 1, 1, 'now', '{}', '{}', $1), (2, 1, 1, 1, 'fresh', '{}', '{}', '[]')`,
      [history],
    );
    for (const statement of statements(migrations[HISTORY]!)) await db.exec(statement);

    const steps = await db.query(
      'SELECT save_id::int, step, ink_state, state, view FROM game_save_steps ORDER BY step',
    );
    expect(steps.rows).toEqual(
      [0, 1].map((n) => {
        const { chosen: _, ...point } = snapshot(n);
        return {
          save_id: 1,
          step: n,
          ink_state: point.inkState,
          state: point.state,
          view: point.view,
        };
      }),
    );
    const saves = await db.query('SELECT user_id::int, chosen FROM game_saves ORDER BY user_id');
    expect(saves.rows).toEqual([
      { user_id: 1, chosen: [snapshot(0).chosen, snapshot(1).chosen] },
      { user_id: 2, chosen: [] },
    ]);
  }, 60_000);
});
