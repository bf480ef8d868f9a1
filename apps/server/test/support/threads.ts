import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { HASHING_NICE_INCREMENT } from '../../src/modules/auth/passwords.js';

export interface ThreadStat {
  nice: number;
  /** User plus system time, in clock ticks. */
  cpuTicks: number;
}

/** Each thread of this process: its nice value and the CPU it has used (Linux only). */
function threadStats(): ThreadStat[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      return []; // the thread ended between the listing and the read
    }
    // The command name (field 2) may hold spaces: count from the parenthesis that closes it, so
    // fields[0] is field 3 of proc(5): utime is field 14, stime 15, nice 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [{ nice: Number(fields[16]), cpuTicks: Number(fields[11]) + Number(fields[12]) }];
  });
}

/** The password hashing threads: this process's threads below the calling thread's priority. */
export const hashingThreads = (): ThreadStat[] =>
  threadStats().filter((thread) => thread.nice === getPriority() + HASHING_NICE_INCREMENT);
