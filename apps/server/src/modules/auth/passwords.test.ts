import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashingThreads } from '../../../test/support/threads.js';
import { createPasswordHashing, hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('a burst of logins for unknown addresses, first thing after start, all finish and all fail', async () => {
    // Each one verifies against the throwaway hash, which itself needs a turn to be made.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => verifyPassword(null, 'whatever-1')),
    );
    expect(answers).toEqual(Array(12).fill(false));
  });

  it('accepts the password that was hashed and nothing else', async () => {
    const stored = await hashPassword('correct horse 1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [right, wrong, garbage] = await Promise.all([
      verifyPassword(stored, 'correct horse 1'),
      verifyPassword(stored, 'correct horse 2'),
      verifyPassword('not-a-hash', 'correct horse 1'),
    ]);
    expect([right, wrong, garbage]).toEqual([true, false, false]);
  });

  it('rejects, never answers false, when its threads fail', async () => {
    const threads = createPasswordHashing();
    const stored = await threads.hash('correct horse 1');
    await threads.close();
    await expect(threads.verify(stored, 'correct horse 1')).rejects.toThrow(/hashing threads/);
    await expect(threads.verify(null, 'anything-1')).rejects.toThrow(/hashing threads/);
  });

  it.runIf(process.platform === 'linux')(
    'hashes on one thread per core, below the priority of the thread that answers requests',
    async () => {
      await Promise.all(Array.from({ length: 4 }, (_, i) => hashPassword(`password ${i}`)));
      expect(hashingThreads()).toHaveLength(availableParallelism());
    },
  );
});
