// What `npm test`'s steps cost in CPU. On a shared machine the same suite's wall time moves by a
// fifth within a day, its CPU seconds by half as much: two runs compare better by these.
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

/**
 * The `count` costliest lines of a file of `seconds<TAB>name` lines (the journeys' browser CPU,
 * one per journey, e2e/support/browser-cpu.ts), as `name seconds s`, costliest first.
 */
export function costliest(file, count) {
  let lines;
  try {
    lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  return lines
    .map((line) => {
      const [seconds, name] = line.split('\t');
      return { seconds: Number(seconds), name };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ seconds, name }) => `${name} ${Math.round(seconds)} s`);
}
