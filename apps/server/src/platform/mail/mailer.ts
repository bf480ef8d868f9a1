import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { outboxMails } from '../db/schema/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes: 'smtp' sends it, 'outbox' keeps it for the /dev/mailbox page. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  // Loaded with the first mail, not at every start: a start without mail pays nothing for it.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(url),
      );
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/**
 * No SMTP configured: the mail is stored, and a local player reads it at /dev/mailbox. The log
 * line names the mail but never holds its text: verification and reset codes are secrets, and
 * logs travel further than the database (docs/decisions/0020).
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outboxMails).values(mail);
      log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox');
    },
  };
}
