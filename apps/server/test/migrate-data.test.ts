import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CALLS } from '@taleforge/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { users } from '../src/platform/db/schema/index.js';
import { login, registerAccount } from './support/accounts.js';
import { buildChatGame, giveGems, personaModel, sendChat } from './support/chat.js';
import { createTestDatabase, migratedDataDir, testDriver } from './support/database.js';
import { api } from './support/http.js';
import { startTestServer } from './support/server.js';
import { entryArgs } from './support/server-process.js';
import { startSmtpServer } from './support/smtp.js';
import { checkLedger } from './support/wallet.js';

// `npm run migrate-data -- --to postgres://…`, run as an operator runs it: an embedded install
// made through the real calls moves to PostgreSQL, and a server there plays on with it.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

function migrateData(dataDir: string, to: string) {
  return run(process.execPath, [...entryArgs('src/cli/migrate-data.ts'), '--to', to], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** Every table's rows, as PostgreSQL prints them, in a stable order: what a faithful copy keeps. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  // One transaction: the time zone timestamps are printed in is set for it alone.
  return database.db.transaction(async (tx) => {
    const rows = async (query: ReturnType<typeof sql.raw>) =>
      ((await tx.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
    await tx.execute(sql.raw(`set local timezone = 'UTC'`));
    const tables = await rows(
      sql.raw(`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      const text = await rows(sql.raw(`select t::text as row from public."${name}" t`));
      // Sorted here, not by either database: their collations may order text differently.
      out[name!] = text.map((r) => r.row!).sort();
    }
    return out;
  });
}

/** A database with no tables at all, as an operator creates one; dropped at the end. */
async function bareDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tf_bare_${randomUUID().slice(0, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    close: () => admin(`drop database if exists ${name} with (force)`),
  };
}

const open: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const thing of open.reverse()) await thing.close();
});

// Needs a PostgreSQL to move to: on the PGlite project there is none, so it runs on the other.
describe.skipIf(testDriver() !== 'postgres')(
  'npm run migrate-data (the embedded install moves to PostgreSQL)',
  () => {
    it('copies every table, and a server on PostgreSQL plays on; a second run refuses', {
      timeout: 180_000,
    }, async () => {
      const smtp = await startSmtpServer();
      open.push(smtp);
      const env = { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_SCALE: '1000' };

      // The embedded install, made through the real calls.
      const dataDir = await migratedDataDir();
      const embeddedDatabase = await openDatabase({ dataDir, url: undefined });
      const embedded = await startTestServer(env, {
        chatProvider: personaModel(),
        database: embeddedDatabase,
      });
      const registered = await registerAccount(embedded, smtp, 'mover@example.com', {
        nick: 'Mover',
      });
      expect(registered.status).toBe(200);
      const token = registered.data!.access_token;
      const other = await registerAccount(embedded, smtp, 'friend@example.com', { nick: 'Friend' });
      const [mover] = await embedded.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'mover@example.com'));
      await giveGems(embedded, mover!.id, 100);

      const { gameId, ada, lockedChapter } = await buildChatGame(embedded.database.db);
      const started = await api(embedded, CALLS.gameEvent, {
        token,
        body: { type: 'start', game_id: gameId },
      });
      expect(started.status).toBe(200);
      const unlocked = await api(embedded, CALLS.unlock, {
        token,
        body: { game_id: gameId, chapter_id: lockedChapter, idempotency_key: randomUUID() },
      });
      expect(unlocked.data).toMatchObject({ price: 50, gem_balance: 50 });
      const chat = await sendChat(embedded, token, {
        game_id: gameId,
        npc_id: ada,
        text: 'Hello!',
      });
      expect(chat.events.at(-1)?.event).toBe('done');
      const comment = await api(embedded, CALLS.commentPost, {
        token,
        body: { game_id: gameId, body: 'Where is the ledger?' },
      });
      const reply = await api(embedded, CALLS.commentPost, {
        token: other.data!.access_token,
        body: { game_id: gameId, body: 'Under the blotter.', reply_to_id: comment.data!.id },
      });
      expect(reply.status).toBe(200);

      const resumed = (
        await api(embedded, CALLS.gameEvent, {
          token,
          body: { type: 'start', game_id: gameId },
        })
      ).data;
      const balance = (
        await api(embedded, CALLS.walletBalance, {
          token,
          query: { platform_flag: '2' },
        })
      ).data!.gem_balance;
      expect(balance).toBe(40);
      const before = await contents(embedded.database);
      await embedded.close();
      await embeddedDatabase.close();

      for (const table of [
        'users',
        'sessions',
        'wallets',
        'wallet_entries',
        'gem_lots',
        'unlocks',
        'game_saves',
        'conversations',
        'chat_messages',
        'comments',
        'games',
        'chapter_versions',
        'invite_codes',
        'verification_codes',
      ]) {
        expect(before[table], table).not.toEqual([]);
      }

      // Moved.
      const target = await createTestDatabase();
      open.push(target);
      const moved = await migrateData(dataDir, target.url!);
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toMatch(
        /ledger: 40 gems held, ledger entries sum to 40, lots hold 40; the same on both sides/,
      );
      expect(moved.stdout).toMatch(/tables copied, row counts equal on both sides/);
      expect(await contents(target)).toEqual(before);
      expect(await checkLedger(target.db)).toMatchObject({ violations: [] });

      // Played on, on PostgreSQL: the old token still holds, the password signs in, all resumes.
      const postgresDatabase = await openDatabase({ url: target.url, dataDir: '' });
      open.push(postgresDatabase);
      const onPostgres = await startTestServer(env, {
        chatProvider: personaModel(),
        database: postgresDatabase,
      });
      open.push(onPostgres);
      const signedIn = await login(onPostgres, 'mover@example.com');
      expect(signedIn.status).toBe(200);
      for (const bearer of [token, signedIn.data!.access_token]) {
        const res = await api(onPostgres, CALLS.walletBalance, {
          token: bearer,
          query: { platform_flag: '2' },
        });
        expect(res.data!.gem_balance).toBe(40);
      }
      const again = await api(onPostgres, CALLS.gameEvent, {
        token,
        body: { type: 'start', game_id: gameId },
      });
      expect(again.data).toEqual(resumed);
      const replied = await sendChat(onPostgres, token, {
        game_id: gameId,
        npc_id: ada,
        text: 'Again!',
      });
      expect(replied.events.at(-1)?.event).toBe('done');
      const record = await api(onPostgres, CALLS.chatRecord, {
        token,
        query: { game_id: String(gameId), npc_id: String(ada) },
      });
      expect(JSON.stringify(record.data)).toContain('Hello!');
      expect(JSON.stringify(record.data)).toContain('Again!');
      const newUser = await registerAccount(onPostgres, smtp, 'newcomer@example.com', {
        nick: 'New',
      });
      expect(newUser.status).toBe(200);
      const ids = await target.db.select({ id: users.id, email: users.email }).from(users);
      const idOf = (email: string) => ids.find((row) => row.email === email)!.id;
      expect(idOf('newcomer@example.com')).toBeGreaterThan(idOf('friend@example.com'));
      expect(await checkLedger(target.db)).toMatchObject({ violations: [] });

      // A second run meets a database that is no longer empty: refused, nothing written.
      const rowsThen = await contents(target);
      const refused = await migrateData(dataDir, target.url!);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /The target database is not empty: .*users.* Nothing was written/,
      );
      expect(await contents(target)).toEqual(rowsThen);
    });
  },
);

describe.skipIf(testDriver() !== 'postgres')('npm run migrate-data refuses', () => {
  it('while a server holds the embedded database, or tables not ours are there; a bare database is migrated and filled', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await migratedDataDir();
    const running = await openDatabase({ dataDir, url: undefined });
    const target = await createTestDatabase();
    open.push(target);
    const busy = await migrateData(dataDir, target.url!);
    await running.close();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is in use by process \d+[\s\S]*Stop the server first/);

    await target.db.execute(
      sql.raw('create table public.notes (id int); insert into public.notes values (1)'),
    );
    const before = await contents(target);
    const foreign = await migrateData(dataDir, target.url!);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(
      /tables Taleforge does not have \(notes\)[\s\S]*Nothing was written/,
    );
    expect(await contents(target)).toEqual(before);

    const usage = await migrateData(dataDir, 'mysql://elsewhere');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--to must be a postgres:\/\/ address/);

    const bare = await bareDatabase();
    open.push(bare);
    const filled = await migrateData(dataDir, bare.url);
    expect(filled).toMatchObject({ code: 0, stderr: '' });
    expect(filled.stdout).toMatch(/ledger: 0 gems held, ledger entries sum to 0, lots hold 0/);
    const copied = await openDatabase({ url: bare.url, dataDir: '' });
    open.push(copied);
    const ours = Object.keys(before).filter((table) => table !== 'notes');
    expect(Object.keys(await contents(copied))).toEqual(ours);
  });
});
