// The webServer of the journeys: the real built server, started only after its loopback
// stand-ins for internet services are listening, on a data directory that already holds invite
// codes made with customer service's CLI (which needs the embedded database to itself).
//
// Run with `node --import tsx e2e/support/e2e-server.ts`; stops (with everything) on SIGTERM.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeGoogle } from '../../apps/server/test/support/fake-google';
import { startFakeSpeech } from '../../apps/server/test/support/fake-speech';
import { startSmtpServer } from '../../apps/server/test/support/smtp';
import {
  DISCORD_PORT,
  GOOGLE_PORT,
  INVITES_FILE,
  MAILBOX_PORT,
  SMTP_PORT,
  SPEECH_KEY,
  SPEECH_PORT,
  SPEECH_TRANSCRIPTS,
} from './env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the journeys’ data directory');

// One code with plenty of uses for the journeys, made the way customer service makes them.
const cli = join(repoRoot, 'apps/server/dist/cli/invites.js');
const codes = execFileSync(
  process.execPath,
  [cli, 'create', '--count', '1', '--uses', '1000', '--note', 'journeys'],
  { env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
)
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
writeFileSync(join(dataDir, INVITES_FILE), JSON.stringify(codes));

const smtp = await startSmtpServer(SMTP_PORT);
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const to = url.searchParams.get('to') ?? '';
  const mine = smtp.mailsTo(to);
  const code = /\b(\d{6})\b/.exec(mine.at(-1)?.text ?? '')?.[1];
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ count: mine.length, code: code ?? null }));
}).listen(MAILBOX_PORT, '127.0.0.1');

await startFakeGoogle(GOOGLE_PORT);

// Every Discord sign-in is a new Discord user, so each journey starts with a new account.
const discord = new OAuth2Server();
await discord.issuer.keys.generate('RS256');
await discord.start(DISCORD_PORT, '127.0.0.1');
let discordUsers = 0;
discord.service.on('beforeUserinfo', (res: { body: unknown }) => {
  discordUsers += 1;
  res.body = {
    id: `discord-${process.pid}-${discordUsers}`,
    username: 'nightjar',
    global_name: 'Nightjar',
    avatar: null,
  };
});

// The assistant's transcription and speech (STT_BASE_URL and TTS_BASE_URL point here).
await startFakeSpeech({ port: SPEECH_PORT, transcripts: SPEECH_TRANSCRIPTS, apiKey: SPEECH_KEY });

await import(join(repoRoot, 'apps/server/dist/main.js'));
