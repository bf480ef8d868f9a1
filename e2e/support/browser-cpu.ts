// The CPU the journeys' browser used, for `npm test`'s summary (scripts/step-cpu.mjs). The step's
// own count misses it: Chromium's processes are not waited for by Playwright when it closes the
// browser. So each worker reads its browser's processes just before the browser closes: what each
// used, and what the children it reaped had used (Linux /proc; elsewhere nothing is recorded).

import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';

/** The kernel's clock ticks per second for /proc's CPU fields (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  /** Its own user + system seconds, and those of the children it has reaped. */
  seconds: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { pid, ppid: Number(fields[1]), comm, seconds: ticks / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

/** CPU seconds of the Chromium processes under this process, with what they reaped. */
export function browserCpuSeconds(root = process.pid): number {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return 0;
  }
  const procs = pids.map(readProc).filter((proc): proc is Proc => proc !== null);
  const children = new Map<number, Proc[]>();
  for (const proc of procs) {
    const siblings = children.get(proc.ppid);
    if (siblings) siblings.push(proc);
    else children.set(proc.ppid, [proc]);
  }
  let seconds = 0;
  const visit = (proc: Proc) => {
    seconds += proc.seconds;
    for (const child of children.get(proc.pid) ?? []) visit(child);
  };
  for (const child of children.get(root) ?? [])
    if (/chrom|headless/i.test(child.comm)) visit(child);
  return seconds;
}

/** Adds this worker's browser CPU to the file `npm test` names (E2E_BROWSER_CPU_FILE), if any. */
export function recordBrowserCpu(): void {
  const file = process.env.E2E_BROWSER_CPU_FILE;
  if (file) appendFileSync(file, `${browserCpuSeconds().toFixed(2)}\n`);
}

/**
 * Adds one journey's browser CPU, with its name, to the file E2E_BROWSER_CPU_BY_TEST names, if
 * any: where the journeys' time goes (`sort -rn` it). A journey's own processes only, roughly:
 * the browser's work between two journeys counts towards the next.
 */
export function recordTestBrowserCpu(testInfo: TestInfo, seconds: number): void {
  const file = process.env.E2E_BROWSER_CPU_BY_TEST;
  if (file) appendFileSync(file, `${seconds.toFixed(2)}\t${testInfo.titlePath.join(' › ')}\n`);
}
