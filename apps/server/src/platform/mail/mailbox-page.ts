import { desc } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { outboxMails } from '../db/schema/index.js';

/** The page's one inline style, allowed by its hash in the Content-Security-Policy. */
export const MAILBOX_STYLE = `body{font-family:system-ui;max-width:760px;margin:2rem auto;padding:0 1rem;background:#14112b;color:#eee}
article{background:#221c44;border-radius:12px;padding:1rem;margin:1rem 0}time{float:right;color:#aaa}pre{white-space:pre-wrap}`;

/**
 * /dev/mailbox: the outbox as a page, so a player on a local run can read their code. Never
 * registered in production.
 */
export function registerMailboxPage(app: FastifyInstance, db: Db): void {
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(50);
    const items = mails
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong> → ${escapeHtml(m.to)}
<time>${m.createdAt.toISOString()}</time></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Taleforge dev mailbox</title>
<style>${MAILBOX_STYLE}</style>
</head><body><h1>Dev mailbox</h1><p>Mail the server would have sent (no SMTP_URL configured).</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
