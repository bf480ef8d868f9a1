// bench/social: a work with 10,000 comments and 10,000 likes.
//   1. Reads: the work page's social reads — the first page of comments (GET
//      /api/h5/game/comments, signed in, each connection as a player of its own who liked three
//      of the page's comments) and the work's counts (GET /api/h5/game/social), each connection
//      asking them in turn — against the cached home read (GET /api/h5/game/home), alternated
//      round by round in the same run.
//      The same pair read by an anonymous reader shows the cached part alone (no query at all).
//   2. A comment like toggled through HTTP (POST /api/auth/h5/game/comment/like, 50 players, each
//      liking and unliking a comment of its own) against the same toggle — the service's own
//      transaction: check the comment, write or delete the like row, move like_count — run
//      straight on the same database with the same concurrency after the server stopped.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import autocannon from 'autocannon';
import { createCommentWrites } from '../../apps/server/dist/modules/social/comment-transactions.js';
import { createSocialReadCache } from '../../apps/server/dist/modules/social/social-read-cache.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { freePort, startProcess } from '../lib/server-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(options) {
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION_S });
  if (r.non2xx || r.errors)
    throw new Error(
      `${options.url}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`,
    );
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
  };
}

// A refusal is an envelope written per request, never compressed; a compressed answer is a kept,
// successful one (its flags are checked once per player by `checkPlayersPages`).
const failOn = (label) => (status, body, _context, headers) => {
  if (status !== 200 || (!headers?.['content-encoding'] && !body.includes('"status":200'))) {
    console.error(`${label} refused: ${status} ${body.slice(0, 200)}`);
    process.exit(1);
  }
};

/**
 * The comment page and the counts in turn; signed in, each connection reads as a player of its
 * own (as many players as connections), so no player's cached likes serve another connection.
 */
function readTargets(base, seeded) {
  const path = new URL(base).pathname;
  const pair = (players) => {
    let next = 0;
    const call = (callPath, label) => ({
      method: 'GET',
      setupRequest(req, context) {
        if (players) context.player ??= players[next++ % players.length];
        const who = context.player;
        return {
          ...req,
          path: `${path}${callPath}?lang=en_US&df_id=v_bench${who?.userId ?? ''}&game_id=${seeded.gameId}`,
          headers: who ? { ...BROWSER_HEADERS, authorization: who.token } : BROWSER_HEADERS,
        };
      },
      onResponse: failOn(label),
    });
    return {
      url: base,
      requests: [call(CALLS.commentList.path, 'comments'), call(CALLS.workSocial.path, 'counts')],
    };
  };
  return {
    home: { url: `${base}${CALLS.home.path}?lang=en_US&df_id=v_bench`, headers: BROWSER_HEADERS },
    social: pair(seeded.players.slice(0, CONNECTIONS)),
    anonymous: pair(null),
  };
}

/**
 * Each player's first page carries their own three likes (server.mjs) and nobody else's: read
 * three times, as a browser asks, so the bytes kept and compressed for later reads are checked.
 */
async function checkPlayersPages(base, seeded) {
  const url = `${base}${CALLS.commentList.path}?lang=en_US&game_id=${seeded.gameId}`;
  for (const player of seeded.players.slice(0, CONNECTIONS)) {
    for (let read = 0; read < 3; read += 1) {
      const answer = await fetch(`${url}&df_id=v_bench${player.userId}`, {
        headers: { ...BROWSER_HEADERS, authorization: player.token },
      }).then((response) => response.json());
      const liked = answer.data?.list.filter((comment) => comment.liked).length;
      if (liked !== 3) {
        console.error(`player ${player.userId} sees ${liked} liked comments, not their 3`);
        process.exit(1);
      }
    }
  }
}

function toggleOverHttp(base, players, seconds) {
  let next = 0;
  const path = `${new URL(base).pathname}${CALLS.commentLike.path}`;
  return measure({
    url: `${base}${CALLS.commentLike.path}`,
    connections: Math.min(CONNECTIONS, players.length),
    requests: [
      {
        method: 'POST',
        setupRequest(req, context) {
          context.player ??= players[next++ % players.length];
          context.like = !context.like;
          return {
            ...req,
            path: `${path}?lang=en_US&df_id=v_bench${context.player.userId}`,
            headers: { 'content-type': 'application/json', authorization: context.player.token },
            body: JSON.stringify({ comment_id: context.player.commentId, like: context.like }),
          };
        },
        onResponse: failOn('like'),
      },
    ],
    duration: seconds,
  });
}

/** The service's like transaction, each client toggling its own comment as fast as it can. */
async function toggleDirect(db, players, seconds) {
  const now = () => new Date();
  const writes = createCommentWrites({ db, now, cache: createSocialReadCache(now) });
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    players.slice(0, CONNECTIONS).map(async (p) => {
      let like = true;
      while (performance.now() < end) {
        const t = performance.now();
        await writes.like(p.userId, p.commentId, like);
        latencies.push(performance.now() - t);
        like = !like;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length / 2)].toFixed(1),
    p99: latencies[Math.floor(latencies.length * 0.99)].toFixed(1),
  };
}

export async function benchSocial(
  database = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-social-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/taleforge`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    BENCH_PLAYERS: String(CONNECTIONS),
    SOCIAL_RATE_LIMIT_SCALE: '1000000',
    WALLET_JOB_INTERVAL_MS: '3600000',
  };
  const server = await startProcess({
    args: ['bench/social/server.mjs'],
    profile: true,
    cwd: root,
    env,
    readyUrl: `${base}/health`,
    timeoutMs: 180_000,
  });
  let reads;
  let api;
  let seeded;
  try {
    seeded = JSON.parse(readFileSync(join(dataDir, 'bench-social.json'), 'utf8'));
    await checkPlayersPages(base, seeded);
    const targets = readTargets(base, seeded);
    const runs = { home: [], social: [], anonymous: [] };
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const name of Object.keys(runs)) {
        runs[name].push(await measure({ ...targets[name], connections: CONNECTIONS }));
      }
    }
    const summary = (rs) => ({
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
    });
    const ratio = (rs) => median(rs.map((r, round) => r.rps / runs.home[round].rps));
    reads = {
      home: summary(runs.home),
      social: summary(runs.social),
      anonymous: summary(runs.anonymous),
      ratio: ratio(runs.social),
      anonymousRatio: ratio(runs.anonymous),
    };
    // Each round's ratio, printed before the toggle runs: on a shared machine they spread widely.
    const perRound = (rs) =>
      rs.map((r, round) => `${((100 * r.rps) / runs.home[round].rps).toFixed(1)}%`).join(' ');
    console.log(
      `rounds: signed in ${perRound(runs.social)}; anonymous ${perRound(runs.anonymous)}`,
    );
    api = await toggleOverHttp(base, seeded.players, DURATION_S);
  } finally {
    await server.stop();
  }
  const direct = await openDatabase({ url: env.DATABASE_URL, dataDir, poolSize: POOL_SIZE });
  // Warmed up like the HTTP side (autocannon's 2 s): a fresh PGlite compiles and plans first.
  await toggleDirect(direct.db, seeded.players, 2);
  const bare = await toggleDirect(direct.db, seeded.players, DURATION_S);
  await direct.close();
  rmSync(dataDir, { recursive: true, force: true });

  const toggleRatio = api.rps / bare.rps;
  const row = (label, r) =>
    `${label.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} /s  p50 ${r.p50} ms  p99 ${r.p99} ms`;
  console.log(`\n── bench/social (${database}) ─────────────────────────────────`);
  console.log(
    `10,000 comments and 10,000 likes on one work; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S}s, medians`,
  );
  console.log(row('baseline  GET /api/h5/game/home (cached)', reads.home));
  console.log(row(`taleforge comments page 1 + game/social, ${CONNECTIONS} players`, reads.social));
  console.log(
    `comment page + counts reach ${(reads.ratio * 100).toFixed(1)}% of the cached home read (target ≥ 50%)`,
  );
  console.log(row('taleforge the same pair, anonymous reader', reads.anonymous));
  console.log(
    `anonymous, ${(reads.anonymousRatio * 100).toFixed(1)}% of the cached home read (the cached part alone)`,
  );
  console.log(row('baseline  like toggle, the service transaction, no HTTP', bare));
  console.log(row('taleforge POST /api/auth/h5/game/comment/like', api));
  console.log(
    `HTTP like toggles reach ${(toggleRatio * 100).toFixed(1)}% of the direct toggle (target ≥ 60%)`,
  );
  return { reads, api, bare, toggleRatio };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSocial();
