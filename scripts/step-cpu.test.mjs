import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costliest, parseTimes, readSeconds, readStepCpu, withCpuRecord } from './step-cpu.mjs';

// `npm test` prints each step's CPU from bash's `times`, run after the step: a real bash here,
// around a real process that burns a known amount of CPU in a child of its own.

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'step-cpu-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the command as npm test runs a step; resolves to its exit code. */
async function runStep(file, script) {
  const { command, args } = withCpuRecord(process.execPath, ['-e', script], file);
  const child = spawn(command, args, { stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  return code;
}

/** Burns `ms` of CPU in a child process of the step's own process, then exits. */
const spinInChild = (ms, exitCode) =>
  `const { spawnSync } = require('node:child_process');
   const spin = 'while (process.cpuUsage().user < ${ms * 1000});';
   spawnSync(process.execPath, ['-e', spin]);
   process.exit(${exitCode});`;

describe("a step's CPU", () => {
  it('reads the children line of bash times', () => {
    expect(parseTimes('0m0.002s 0m0.001s\n1m2.500s 0m10.250s\n')).toBeCloseTo(72.75, 5);
    expect(parseTimes('0m0.002s 0m0.001s\n')).toBeNull();
    expect(parseTimes('')).toBeNull();
  });

  // A CPU count, not a clock: on a machine busy with the rest of the suite it takes longer to
  // arrive, never a different figure; hence the long limit.
  it("counts the step's own children, and keeps its exit code", { timeout: 60_000 }, async () => {
    const file = join(dir, 'spin.txt');
    expect(await runStep(file, spinInChild(300, 3))).toBe(3);
    const seconds = readStepCpu(file);
    // The grandchild alone used 0.3 s; the step's two node starts add a little.
    expect(seconds).toBeGreaterThanOrEqual(0.3);
    expect(seconds).toBeLessThan(5);
  });

  it('reads nothing for a step that wrote no record', () => {
    expect(readStepCpu(join(dir, 'never-written.txt'))).toBeNull();
    expect(readSeconds(join(dir, 'never-written.txt'))).toBeNull();
  });

  it("adds up the browsers' seconds, one line per journeys worker", async () => {
    const file = join(dir, 'browsers.txt');
    await writeFile(file, '12.50\n0.25\n');
    expect(readSeconds(file)).toBeCloseTo(12.75, 5);
  });

  it('names the costliest journeys first, and none when nothing was recorded', async () => {
    const file = join(dir, 'journeys.tsv');
    await writeFile(file, '3.20\ta › one\n28.61\tb › two\n7.49\tc › three\n');
    expect(costliest(file, 2)).toEqual(['b › two 29 s', 'c › three 7 s']);
    expect(costliest(join(dir, 'never-written.tsv'), 2)).toEqual([]);
  });
});
