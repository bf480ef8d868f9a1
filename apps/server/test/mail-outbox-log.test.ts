import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMail } from '../src/modules/auth/mail-templates.js';
import type { Database } from '../src/platform/db/client.js';
import { outboxMails } from '../src/platform/db/schema/index.js';
import { createOutboxMailer } from '../src/platform/mail/mailer.js';
import { createTestDatabase } from './support/database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the outbox mailer', () => {
  it('keeps the code in the outbox and out of every log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: 'trace' }, sink);
    const code = '482913';
    for (const use of ['REGISTER', 'UPDATE_PWD'] as const) {
      await createOutboxMailer(database.db, log).send(
        codeMail('secret@example.com', use, code, 'en_US'),
      );
    }
    const kept = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'secret@example.com'));
    expect(kept.map((m) => m.text.includes(code))).toEqual([true, true]);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('secret@example.com');
      expect(line).not.toContain(code);
    }
  });
});
