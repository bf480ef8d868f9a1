import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { asPortTaken, ensurePortsFree, PortTakenError } from './ports-free.js';

describe('ensurePortsFree', () => {
  it('names the taken port in a sentence that says what to do', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const refused = ensurePortsFree('127.0.0.1', [0, port]);
      await expect(refused).rejects.toBeInstanceOf(PortTakenError);
      await expect(refused).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      holder.close();
    }
  });

  it('lets free ports go again, so the server can take them next', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, 'close');
    await ensurePortsFree('127.0.0.1', [port]);
    const server = createServer().listen(port, '127.0.0.1');
    await once(server, 'listening');
    server.close();
  });

  it('reads a listen error on a taken port as the same sentence, and nothing else as it', () => {
    expect(
      asPortTaken(Object.assign(new Error('x'), { code: 'EADDRINUSE', port: 8080 }))?.port,
    ).toBe(8080);
    expect(asPortTaken(Object.assign(new Error('x'), { code: 'EACCES', port: 80 }))).toBeNull();
  });
});
