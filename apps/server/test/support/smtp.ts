import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Just enough MIME to read what nodemailer writes: the first text/plain part, and the subject. */
export function readMail(raw: string, to: string[]): ReceivedMail {
  const parts = raw.split(/\r?\n(?=--)/);
  let text = '';
  for (const part of parts) {
    const [headers, ...rest] = part.split(/\r?\n\r?\n/);
    if (headers && /content-type:\s*text\/plain/i.test(headers)) {
      text = decodePart(headers, rest.join('\n\n').replace(/\r?\n--[\s\S]*$/, ''));
      break;
    }
  }
  const encodedSubject = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  const subject = encodedSubject
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  return { to, raw, subject: subject.trim(), text };
}

/** A real SMTP server on loopback that keeps what it receives (port 0: any free port). */
export async function startSmtpServer(port = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          readMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    mailsTo: (address: string) => mails.filter((m) => m.to.includes(address)),
    /** The 6-digit code of the newest mail to the address. */
    codeFor(address: string): string {
      const mine = mails.filter((m) => m.to.includes(address));
      const code = /\b(\d{6})\b/.exec(mine.at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
