import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { sendWithRetry } from './send-with-retry';

const noWait = () => Promise.resolve();

function flaky(failures: ApiError[]) {
  const calls: number[] = [];
  return {
    calls,
    send: async () => {
      calls.push(calls.length);
      const failure = failures[calls.length - 1];
      if (failure) throw failure;
      return 'stored turn';
    },
  };
}

describe('sending a turn again', () => {
  it('tries again after a dropped connection and a server fault', async () => {
    const s = flaky([new ApiError(0, '', 'network'), new ApiError(502, '', 'http')]);
    await expect(sendWithRetry(s.send, [1, 1], noWait)).resolves.toBe('stored turn');
    expect(s.calls).toHaveLength(3);
  });

  it('never repeats a refusal from the server', async () => {
    const s = flaky([new ApiError(6401, 'cap', 'status')]);
    await expect(sendWithRetry(s.send, [1, 1], noWait)).rejects.toMatchObject({ status: 6401 });
    expect(s.calls).toHaveLength(1);
  });

  it('gives up after the last delay with the last failure', async () => {
    const s = flaky([
      new ApiError(0, '', 'timeout'),
      new ApiError(0, '', 'timeout'),
      new ApiError(0, '', 'network'),
    ]);
    await expect(sendWithRetry(s.send, [1, 1], noWait)).rejects.toMatchObject({ kind: 'network' });
    expect(s.calls).toHaveLength(3);
  });
});
