// What `npm test`'s steps cost in CPU, and how fast the machine was while they ran. On a shared
// machine the same suite's wall time moves by a fifth within a day and its CPU seconds by half as
// much; a fixed workload timed at the start and at the end is meant to tell the machine's part
// (a first try: it does not track it yet, docs/performance.md).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The command run by bash, which then writes its children's CPU (`times`) to `file`. Only
 * processes the step waits for count: a daemon it starts (PostgreSQL) is not its own.
 */
export function withCpuRecord(command, args, file) {
  return {
    command: 'bash',
    args: ['-c', '"$@"; code=$?; times > "$0"; exit $code', file, command, ...args],
  };
}

/** Seconds of CPU (user + system) in the children's line of bash's `times`, or null. */
export function parseTimes(text) {
  const children = text.trim().split('\n')[1];
  const clock = /(\d+)m([\d.]+)s/g;
  const parts = [...(children ?? '').matchAll(clock)];
  if (parts.length !== 2) return null;
  return parts.reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/** The CPU seconds a step recorded with withCpuRecord, or null when it wrote none. */
export function readStepCpu(file) {
  try {
    return parseTimes(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The sum of the seconds a file lists one per line (each journeys worker's browser), or null. */
export function readSeconds(file) {
  try {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    return lines.length ? lines.reduce((sum, line) => sum + Number(line), 0) : null;
  } catch {
    return null;
  }
}

const BLOCK = Buffer.alloc(1 << 20, 7);

/** One round of the reference workload: hashing (native) and sorting (JIT-compiled JS). */
function referenceRound() {
  const hash = createHash('sha256');
  for (let i = 0; i < 64; i += 1) hash.update(BLOCK);
  hash.digest();
  const numbers = Array.from({ length: 100_000 }, (_, i) => (i * 2_654_435_761) % 1_000_003);
  numbers.sort((a, b) => a - b);
}

/**
 * Milliseconds of CPU the reference workload takes now: the best of seven rounds (the first
 * ones also compile the sort). Lower is a faster machine.
 */
export function referenceCpuMs() {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round += 1) {
    const before = process.cpuUsage();
    referenceRound();
    const spent = process.cpuUsage(before);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}
