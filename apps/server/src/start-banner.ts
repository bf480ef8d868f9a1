import type { Config } from './config.js';
import { providerName } from './modules/llm/index.js';

/** A part that works without a setting, and the setting that turns on its real counterpart. */
interface OptionalPart {
  name: string;
  /** The variable(s) that turn the real part on. */
  setting: string;
  /** What runs meanwhile. */
  meanwhile: string;
  on: boolean;
}

function optionalParts(config: Config): OptionalPart[] {
  return [
    {
      name: 'Character model',
      setting: 'LLM_BASE_URL + LLM_MODEL',
      meanwhile: 'characters answer from their written personas',
      on: providerName(config) === 'openai',
    },
    {
      name: 'Speech',
      setting: 'STT_BASE_URL, TTS_BASE_URL',
      meanwhile: "the browser's own speech recognition and voices",
      on: Boolean(config.STT_BASE_URL || config.TTS_BASE_URL),
    },
    {
      name: 'Mail',
      setting: 'SMTP_URL',
      meanwhile: 'codes land in the dev mailbox, nothing is sent',
      on: Boolean(config.SMTP_URL),
    },
    {
      name: 'Redis',
      setting: 'REDIS_URL',
      meanwhile: 'limits and caches live in this process (one node)',
      on: Boolean(config.REDIS_URL),
    },
    {
      name: 'S3 media',
      setting: 'MEDIA_S3_BUCKET',
      meanwhile: `media files are kept in ${config.mediaDir}`,
      on: Boolean(config.MEDIA_S3_BUCKET),
    },
    {
      name: 'PostgreSQL',
      setting: 'DATABASE_URL',
      meanwhile: `the embedded database in ${config.dataDir}`,
      on: Boolean(config.DATABASE_URL),
    },
    {
      name: 'Stripe',
      setting: 'STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET',
      meanwhile: 'top-ups pay on the sandbox checkout',
      on: config.PAYMENT_PROVIDER === 'stripe',
    },
    {
      name: 'Google / Discord sign-in',
      setting: 'GOOGLE_CLIENT_ID, DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET',
      meanwhile: 'email and visitor sign-in only',
      on: Boolean(config.GOOGLE_CLIENT_ID || config.DISCORD_CLIENT_ID),
    },
  ];
}

/**
 * What a developer reads in the terminal once the server is ready: where the sites are, how to
 * make the invite code registration needs, and which real parts are still stand-ins. Production
 * keeps to its JSON log lines; this is for people, not for log collectors.
 */
export function startBanner(
  config: Config,
  facts: { studio: string | null; notes?: readonly string[] },
): string {
  const site = config.PUBLIC_URL.replace(/\/+$/, '');
  const lines = [
    '',
    `Taleforge is ready (${config.NODE_ENV}).`,
    '',
    `  Player site   ${site}`,
    facts.studio
      ? `  Studio        ${facts.studio}   (sign in with a player account)`
      : '  Studio        off (STUDIO_PORT=0 or no studio build)',
  ];
  if (!config.SMTP_URL && config.NODE_ENV !== 'production') {
    lines.push(`  Dev mailbox   ${site}/dev/mailbox   (verification codes)`);
  }
  lines.push(
    '',
    '  Registering needs an invite code. While the server runs, in a second terminal:',
    '    npm run invites -- create --count 1 --uses 1',
  );
  const off = optionalParts(config).filter((part) => !part.on);
  if (off.length > 0) {
    lines.push('', '  Running without these; the variable named turns each on:');
    for (const part of off) {
      lines.push(`    ${part.name}: ${part.setting}`, `      meanwhile ${part.meanwhile}`);
    }
  }
  for (const note of facts.notes ?? []) lines.push('', `  ${note}`);
  lines.push('', '  Every setting: README.md, Configuration. Stop with Ctrl+C.', '');
  return lines.join('\n');
}
