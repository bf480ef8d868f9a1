import { afterAll, describe, expect, it } from 'vitest';
import { bossDb, createBoss, openQueues } from '../src/modules/video/job-queue.js';
import { GIVEN_UP_QUEUE, TRANSCODE_QUEUE } from '../src/modules/video/transcode-job.js';
import { createTestDatabase, testDriver } from './support/database.js';

// Nodes of one install start together (a deploy, a restart of all of them): each opens the job
// queue on the shared database, and the first start of all creates its tables. PGlite belongs
// to one process, so there is only ever one node on it.
describe.skipIf(testDriver() !== 'postgres')('nodes opening the video queue together', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('all open it on a new database, and its queues exist once with their settings', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createTestDatabase();
      closing.push(() => database.close());
      const bosses = await Promise.all(
        Array.from({ length: 4 }, () => createBoss(bossDb(database.db), {})),
      );
      closing.push(() => Promise.all(bosses.map((boss) => boss.stop({ graceful: false }))));
      const opened = await Promise.allSettled(
        bosses.map((boss) => openQueues(boss, database.locks, 7)),
      );
      expect(opened.filter((o) => o.status === 'rejected')).toEqual([]);
      const queues = await bosses[0]!.getQueues();
      expect(queues.map((q) => q.name).sort()).toEqual([GIVEN_UP_QUEUE, TRANSCODE_QUEUE].sort());
      const transcode = queues.find((q) => q.name === TRANSCODE_QUEUE)!;
      expect([transcode.retryLimit, transcode.retryDelay, transcode.deadLetter]).toEqual([
        2,
        7,
        GIVEN_UP_QUEUE,
      ]);
    }
  });
});
