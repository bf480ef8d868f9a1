// bench/segments: HLS segment throughput through our server — the signed address checked, the
// file read from the media store, one byte range when asked — against a bare @fastify/static
// serving the same files, alternated round by round in the same run (target: ≥ 80 %).
//   1. whole segments, as hls.js fetches them;
//   2. 256 KiB ranges of them, as a native player may.
// The segments are real: ffmpeg encodes 12 s of 720×1280 test picture into 3-second segments.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createMediaSigner } from '../../apps/server/dist/modules/video/serve/media-token.js';
import { freePort, startProcess } from '../lib/server-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-segments-secret-0123456789';
const VIDEO_ID = 1;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function encodeSegments(mediaDir) {
  const out = join(mediaDir, 'video', String(VIDEO_ID), '720p');
  mkdirSync(out, { recursive: true });
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30', '-t', '12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1500k', '-g', '90'],
    ...['-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-f', 'hls', '-hls_time', '3'],
    ...['-hls_playlist_type', 'vod', '-start_number', '1'],
    ...['-hls_segment_filename', join(out, 'seg_%05d.ts'), join(out, 'index.m3u8')],
  ]);
  return readdirSync(out)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: `720p/${f}`, bytes: statSync(join(out, f)).size }));
}

async function measure(server, url, paths, headers = {}) {
  let next = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  };
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = server.cpuSeconds();
  const r = await autocannon({ ...options, duration: DURATION_S });
  const cpu = server.cpuSeconds() - cpuBefore;
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    mbps: r.throughput.average / 1e6,
    p50: r.latency.p50,
    p99: r.latency.p99,
    // CPU the server spent per answer: what contention for the two cores does not change.
    cpuMs: (cpu * 1000) / r.requests.total,
  };
}

export async function benchSegments() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-segments-'));
  const mediaDir = join(dataDir, 'media');
  const segments = encodeSegments(mediaDir);
  const [ourPort, barePort] = [await freePort(), await freePort()];
  const ours = await startProcess({
    args: ['apps/server/dist/main.js'],
    cwd: root,
    env: {
      PORT: String(ourPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_CONTENT: 'false',
      MEDIA_URL_SECRET: SECRET,
      WALLET_JOB_INTERVAL_MS: '3600000',
    },
    readyUrl: `http://127.0.0.1:${ourPort}/taleforge/health`,
    timeoutMs: 180_000,
  });
  const bare = await startProcess({
    args: ['bench/segments/static-server.mjs'],
    cwd: root,
    env: { PORT: String(barePort), STATIC_ROOT: mediaDir },
    readyUrl: `http://127.0.0.1:${barePort}/health`,
  });
  const { token } = createMediaSigner(SECRET, () => new Date()).sign(VIDEO_ID, { kind: 'all' });
  const targets = {
    ours: {
      server: ours,
      url: `http://127.0.0.1:${ourPort}`,
      paths: segments.map((s) => `/taleforge/media/v/${VIDEO_ID}/${token}/${s.file}`),
    },
    bare: {
      server: bare,
      url: `http://127.0.0.1:${barePort}`,
      paths: segments.map((s) => `/static/video/${VIDEO_ID}/${s.file}`),
    },
  };
  // The same bytes from both, or the comparison means nothing.
  for (const [i, segment] of segments.entries()) {
    const bodies = await Promise.all(
      Object.values(targets).map(async (t) =>
        Buffer.from(await (await fetch(`${t.url}${t.paths[i]}`)).arrayBuffer()),
      ),
    );
    if (bodies.some((b) => b.length !== segment.bytes) || !bodies[0].equals(bodies[1])) {
      throw new Error(`${segment.file}: the two servers answer different bytes`);
    }
  }
  const kinds = { whole: {}, range: { range: 'bytes=0-262143' } };
  const runs = { whole: { ours: [], bare: [] }, range: { ours: [], bare: [] } };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, headers] of Object.entries(kinds)) {
        for (const name of ['bare', 'ours']) {
          const { server, url, paths } = targets[name];
          runs[kind][name].push(await measure(server, url, paths, headers));
        }
      }
    }
  } finally {
    await ours.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const average = segments.reduce((sum, s) => sum + s.bytes, 0) / segments.length;
  console.log('\n── bench/segments ───────────────────────────────────────────');
  console.log(
    `${segments.length} segments of 3 s at 720×1280, ${(average / 1024).toFixed(0)} KiB each on average; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S}s, medians`,
  );
  for (const [kind, { ours: o, bare: b }] of Object.entries(runs)) {
    const row = (label, rs) => {
      const rps = median(rs.map((r) => r.rps));
      const mbps = median(rs.map((r) => r.mbps));
      const cpu = median(rs.map((r) => r.cpuMs));
      return `${label.padEnd(46)} ${rps.toFixed(0).padStart(6)} /s ${mbps.toFixed(0).padStart(6)} MB/s  p50 ${median(rs.map((r) => r.p50))} ms  p99 ${median(rs.map((r) => r.p99))} ms  CPU ${cpu.toFixed(2)} ms/answer`;
    };
    const what = kind === 'whole' ? 'whole segments' : '256 KiB ranges';
    console.log(row(`baseline  @fastify/static, ${what}`, b));
    console.log(row(`taleforge signed /media/v, ${what}`, o));
    const ratio = median(o.map((r, i) => r.rps / b[i].rps));
    const cpuRatio = median(o.map((r, i) => b[i].cpuMs / r.cpuMs));
    console.log(
      `  → ${(ratio * 100).toFixed(1)} % of the bare server's throughput, ${(cpuRatio * 100).toFixed(1)} % by CPU per answer (target ≥ 80 %)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSegments();
