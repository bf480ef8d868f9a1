// bench/chat-ttft: what our server adds to a model's time to first token, and how many reply
// streams one process holds.
//
// Baseline, measured in the same run: the same client reading the same OpenAI-compatible model
// stream directly (the loopback fixture with a fixed delay before its first token). Measured:
// that stream through the chat streaming layer (bench/chat-ttft/harness.ts — prompt builder,
// provider, output guard, moderation, SSE writer), and through the real send route of the built
// server (bench/chat-ttft/route-server.mjs: token check, validation, moderation, the story and
// unlock checks, the 10-gem charge and both message rows in one transaction, then the stream,
// each delta stored as it goes) on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taleforge/contracts';
import { freePort, NODE_FLAGS, profileArgs, startProcess } from '../lib/server-process.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const FIRST_TOKEN_DELAY_MS = Number(process.env.BENCH_FIRST_TOKEN_MS ?? 200);
const STREAM_STEPS = (process.env.BENCH_STREAMS ?? '1000,2000').split(',').map(Number);
/** Paced conversations: how long each side is driven, and the pause between a reply and the next message. */
const PACED_S = Number(process.env.BENCH_PACED_S ?? 20);
const THINK_MS = [1_000, 3_000];

/** Starts a TypeScript entry point; resolves with the address it prints first. */
async function startTs(file, env) {
  const child = spawn(
    process.execPath,
    [
      ...NODE_FLAGS,
      '--import',
      'tsx',
      '--conditions=taleforge-source',
      '--expose-gc',
      ...(file.endsWith('harness.ts') ? profileArgs() : []),
      file,
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return {
    url: line.trim(),
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const MODEL_BODY = JSON.stringify({
  model: 'bench',
  stream: true,
  messages: [{ role: 'user', content: 'Hello captain, what a fine ship!' }],
});

/** The load generator's connections, kept open between messages like a browser's. */
const agent = new http.Agent({ keepAlive: true });

/**
 * Time from sending to the first piece of reply text; then reads the stream to its end. On
 * node:http rather than fetch: a fetch body is a web stream, several promises per chunk, and the
 * load generator shares the two cores with the server it measures.
 */
function timeToFirstToken(url, body, isText, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let seen = '';
        let ttft = null;
        response.setEncoding('utf8');
        response.on('data', (text) => {
          if (ttft !== null) return;
          seen += text;
          if (isText(seen)) ttft = performance.now() - started;
        });
        response.on('end', () =>
          ttft === null
            ? reject(new Error(`${url}: no text in the stream: ${seen.slice(0, 300)}`))
            : resolve(ttft),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const modelText = (s) => /"content":"[^"]/.test(s);
const deltaEvent = (s) => s.includes('event: delta');
/** What the server added to one reply by its own clock: first delta out − arrival − the model's wait. */
const insideMs = (t) => t.firstDelta - t.arrived - (t.modelFirstByte - t.modelAsked);
/**
 * The same from when the load generator sent the request: with the time the request waited for
 * the server's event loop, which the server's own clock cannot see (PGlite runs in that loop).
 */
const fromSendMs = (t) => t.firstDelta - t.sent - (t.modelFirstByte - t.modelAsked);
const epochMs = () => performance.timeOrigin + performance.now();

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

async function batch(fn) {
  return Promise.all(Array.from({ length: CONCURRENCY }, fn));
}

const think = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);

/**
 * CONCURRENCY conversations, each on its own clock: a message, its whole reply, a pause to read
 * it and type the next one (1–3 s, far quicker than people), and again — for `seconds`. Returns
 * every message's time to first token.
 */
async function pacedConversations(seconds, sendOne) {
  const ttfts = [];
  const end = performance.now() + seconds * 1000;
  await batch(async (_, i) => {
    await new Promise((r) => setTimeout(r, Math.random() * THINK_MS[1]));
    while (performance.now() < end) {
      ttfts.push(await sendOne(i));
      await new Promise((r) => setTimeout(r, think()));
    }
  });
  return ttfts;
}

async function measureTtft(modelUrl, harnessUrl) {
  const direct = [];
  const through = [];
  // Warm-up: JIT, connection pools, the persona's first prompt.
  await batch(() => timeToFirstToken(`${harnessUrl}/chat`, MODEL_BODY, deltaEvent));
  await fetch(`${harnessUrl}/timings`);
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(
      ...(await batch(() =>
        timeToFirstToken(`${modelUrl}/chat/completions`, MODEL_BODY, modelText),
      )),
    );
    through.push(
      ...(await batch(() => timeToFirstToken(`${harnessUrl}/chat`, MODEL_BODY, deltaEvent))),
    );
  }
  const timings = await (await fetch(`${harnessUrl}/timings`)).json();
  const inside = timings.map(insideMs);
  const upstream = timings.map((t) => t.modelFirstByte - t.modelAsked);
  // Charges this process with every late byte, the fixture's own lateness included.
  const upperBound = timings.map((t) => t.firstDelta - t.arrived - FIRST_TOKEN_DELAY_MS);
  return { direct, through, inside, upstream, upperBound };
}

/** The same model stream through POST /api/auth/h5/game/chat/send of the built server. */
async function measureRoute(modelUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-chat-bench-'));
  const port = await freePort();
  const server = await startProcess({
    args: ['bench/chat-ttft/route-server.mjs'],
    profile: true,
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: modelUrl,
      LLM_MODEL: 'bench',
      CHAT_SENDS_PER_MINUTE: '100000',
      CHAT_DAILY_REPLY_CAP: '1000000',
      BENCH_PLAYERS: String(CONCURRENCY),
    },
    readyUrl: `http://127.0.0.1:${port}/taleforge/health`,
  });
  try {
    const { gameId, npcId, players } = JSON.parse(
      readFileSync(join(dataDir, 'bench-chat.json'), 'utf8'),
    );
    // In digits the moderation's leet folding leaves alone (0→o, 5→s…), so no id spells a word.
    let sent = 0;
    const textId = () => (sent++).toString(4).replace(/[0-3]/g, (d) => '2689'[d]);
    /** One message from player `i`; a timed one carries an id in a header and in its text. */
    const send = (i, timed = false) => {
      const id = textId();
      return timeToFirstToken(
        `http://127.0.0.1:${port}/taleforge${CALLS.chatSend.path}?lang=en_US&df_id=v_bench${i}`,
        JSON.stringify({
          game_id: gameId,
          npc_id: npcId,
          client_message_id: randomUUID(),
          text: `Hello, what a fine station! #timed-${id}`,
        }),
        deltaEvent,
        {
          authorization: players[i].token,
          // The send's moment on the clock both processes share (the epoch, to the microsecond).
          ...(timed ? { 'x-bench-timed': id, 'x-bench-sent': String(epochMs()) } : {}),
        },
      );
    };
    await batch((_, i) => send(i));
    const direct = [];
    const route = [];
    for (let round = 0; round < ROUNDS; round++) {
      direct.push(
        ...(await batch(() =>
          timeToFirstToken(`${modelUrl}/chat/completions`, MODEL_BODY, modelText),
        )),
      );
      route.push(...(await batch((_, i) => send(i))));
    }
    const paced = {
      direct: await pacedConversations(PACED_S, () =>
        timeToFirstToken(`${modelUrl}/chat/completions`, MODEL_BODY, modelText),
      ),
      route: await pacedConversations(PACED_S, (i) => send(i, true)),
    };
    await server.stop();
    const timings = JSON.parse(readFileSync(join(dataDir, 'bench-timings.json'), 'utf8'));
    const answered = timings.filter((t) => t.firstDelta && t.modelFirstByte);
    return {
      direct,
      route,
      paced,
      // What the server added, less the model's wait: from the load generator's send, and from
      // when the server's JavaScript first saw the request (without the wait for its event loop).
      fromSend: answered.map(fromSendMs),
      inside: answered.map(insideMs),
      waitedForLoop: timings.map((t) => t.arrived - t.sent),
      beforeModel: timings.filter((t) => t.modelAsked).map((t) => t.modelAsked - t.arrived),
      database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function memory(harnessUrl) {
  return (await fetch(`${harnessUrl}/memory`)).json();
}

/** Opens streams until `target` are open and each has shown its first delta. */
async function holdStreams(harnessUrl, target, held) {
  const pending = [];
  while (held.length < target) {
    const controller = new AbortController();
    let firstDelta;
    const first = new Promise((resolve) => {
      firstDelta = resolve;
    });
    const done = fetch(`${harnessUrl}/chat?upstream=hold`, {
      method: 'POST',
      signal: controller.signal,
    })
      .then(async (response) => {
        for await (const bytes of response.body) {
          if (bytes.length && firstDelta) {
            firstDelta();
            firstDelta = null;
          }
        }
      })
      .catch(() => {});
    held.push({ controller, done });
    pending.push(first);
    if (pending.length % 200 === 0) await Promise.all(pending.slice(-200));
  }
  await Promise.all(pending);
}

export async function benchChatTtft() {
  const fast = await startTs(here('./fake-llm-process.ts'), {
    FIRST_TOKEN_DELAY_MS: String(FIRST_TOKEN_DELAY_MS),
    TOKEN_DELAY_MS: '10',
  });
  const hold = await startTs(here('./fake-llm-process.ts'), {
    FIRST_TOKEN_DELAY_MS: '0',
    TOKEN_DELAY_MS: '1000',
    REPLY_REPEAT: '40',
  });
  const harness = await startTs(here('./harness.ts'), {
    LLM_FAST_URL: fast.url,
    LLM_HOLD_URL: hold.url,
  });
  try {
    const { direct, through, inside, upstream, upperBound } = await measureTtft(
      fast.url,
      harness.url,
    );
    const idle = await memory(harness.url);
    const held = [];
    const steps = [];
    for (const target of STREAM_STEPS) {
      const t = performance.now();
      await holdStreams(harness.url, target, held);
      const m = await memory(harness.url);
      steps.push({
        target,
        open: m.open,
        openMs: performance.now() - t,
        rssPerStream: (m.rss - idle.rss) / m.open,
        heapPerStream: (m.heapUsed - idle.heapUsed) / m.open,
        rss: m.rss,
      });
    }
    for (const h of held) h.controller.abort();
    await Promise.all(held.map((h) => h.done));
    let left = -1;
    for (let i = 0; i < 100 && left !== 0; i++) {
      left = (await memory(harness.url)).open;
      if (left) await new Promise((r) => setTimeout(r, 50));
    }

    const kb = (b) => `${(b / 1024).toFixed(1)} KiB`;
    const line = (name, xs) =>
      `${name} p50 ${pct(xs, 50).toFixed(1)} ms  p99 ${pct(xs, 99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`;
    console.log('\n── bench/chat-ttft ───────────────────────────────────────');
    console.log(
      `${CONCURRENCY} concurrent conversations × ${ROUNDS} alternating rounds; model's first token after ${FIRST_TOKEN_DELAY_MS} ms`,
    );
    console.log(line('baseline  model stream read directly      ', direct));
    console.log(line('taleforge through the chat streaming layer', through));
    const addedP50 = pct(through, 50) - pct(direct, 50);
    const addedP99 = pct(through, 99) - pct(direct, 99);
    console.log(
      `added by the streaming layer, all ${CONCURRENCY} at once: p50 ${addedP50.toFixed(1)} ms, p99 ${addedP99.toFixed(1)} ms (the load generator's own work included); p99 ratio ${(pct(through, 99) / pct(direct, 99)).toFixed(3)}`,
    );
    console.log(
      `inside the server (first delta written − arrival − the model's first byte as the server saw it): p50 ${pct(inside, 50).toFixed(1)} ms, p99 ${pct(inside, 99).toFixed(1)} ms, max ${Math.max(...inside).toFixed(1)} ms over ${inside.length} replies`,
    );
    console.log(
      `upper bound inside the server (first delta written − arrival − the fixture's fixed ${FIRST_TOKEN_DELAY_MS} ms): p50 ${pct(upperBound, 50).toFixed(1)} ms, p99 ${pct(upperBound, 99).toFixed(1)} ms`,
    );
    console.log(
      `the model's first byte as the server saw it (fixture set to ${FIRST_TOKEN_DELAY_MS} ms): p50 ${pct(upstream, 50).toFixed(1)} ms, p99 ${pct(upstream, 99).toFixed(1)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    for (const s of steps) {
      console.log(
        `${s.open} open reply streams (asked ${s.target}, opened in ${(s.openMs / 1000).toFixed(1)} s): RSS ${kb(s.rss)}, per stream ${kb(s.rssPerStream)} RSS, ${kb(s.heapPerStream)} heap`,
      );
    }
    console.log(
      `after the clients left: ${left} streams still open (the model calls were cancelled)`,
    );
    const routed = await measureRoute(fast.url);
    const added = (a, b, p) => (pct(a, p) - pct(b, p)).toFixed(1);
    console.log(
      `the real send route, ${routed.database}: ${CONCURRENCY} conversations, each sending when its last reply has been read (1–3 s pause), ${PACED_S}s per side:`,
    );
    console.log(line('baseline  model stream read directly      ', routed.paced.direct));
    console.log(line('taleforge POST /api/auth/h5/game/chat/send', routed.paced.route));
    console.log(
      `added by the route as the load generator saw it (its own lateness and the model's included): p50 ${added(routed.paced.route, routed.paced.direct, 50)} ms, p99 ${added(routed.paced.route, routed.paced.direct, 99)} ms over ${routed.paced.route.length} messages`,
    );
    console.log(
      `added by the server (first delta written − request sent − the model's first byte as the server saw it): p50 ${pct(routed.fromSend, 50).toFixed(1)} ms, p99 ${pct(routed.fromSend, 99).toFixed(1)} ms, max ${Math.max(...routed.fromSend).toFixed(1)} ms over ${routed.fromSend.length} replies (target ≤ 20 ms at p99)`,
    );
    console.log(
      `  of which before its JavaScript saw the request: p50 ${pct(routed.waitedForLoop, 50).toFixed(1)} ms, p99 ${pct(routed.waitedForLoop, 99).toFixed(1)} ms; from then on: p50 ${pct(routed.inside, 50).toFixed(1)} ms, p99 ${pct(routed.inside, 99).toFixed(1)} ms; before the model is asked (token, checks, reads): p50 ${pct(routed.beforeModel, 50).toFixed(1)} ms, p99 ${pct(routed.beforeModel, 99).toFixed(1)} ms`,
    );
    console.log(
      `worst case, all ${CONCURRENCY} players sending in the same instant, ${ROUNDS} rounds:`,
    );
    console.log(line('baseline  model stream read directly      ', routed.direct));
    console.log(line('taleforge POST /api/auth/h5/game/chat/send', routed.route));
    console.log(
      `added by the route in that burst: p50 ${added(routed.route, routed.direct, 50)} ms, p99 ${added(routed.route, routed.direct, 99)} ms`,
    );
    return { direct, through, inside, addedP99, steps, routed };
  } finally {
    await harness.stop();
    await fast.stop();
    await hold.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchChatTtft();
