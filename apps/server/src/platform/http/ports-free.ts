import { once } from 'node:events';
import { createServer } from 'node:net';

/** A port another program holds, said as what to do rather than as a stack trace. */
export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use (another Taleforge, or another program). Stop it, or start ` +
        `on free ports, for example: PORT=8090 STUDIO_PORT=8091 npm start`,
    );
  }
}

/** The error said as a PortTakenError when it is a listen on a taken port, else null. */
export function asPortTaken(error: unknown): PortTakenError | null {
  if (error instanceof PortTakenError) return error;
  const { code, port } = error as { code?: string; port?: number };
  return code === 'EADDRINUSE' && port !== undefined ? new PortTakenError(port) : null;
}

/**
 * Binds each port for a moment and lets it go. A start on a taken port learns it here, in
 * milliseconds, rather than after the database has opened and the demo been seeded, which on a
 * first run takes a minute. Another program may still take a port between this and the real
 * listen; that listen's EADDRINUSE says the same sentence.
 */
export async function ensurePortsFree(host: string, ports: number[]): Promise<void> {
  for (const port of ports.filter((p) => p > 0)) {
    const probe = createServer();
    probe.listen({ host, port, exclusive: true });
    try {
      await once(probe, 'listening');
    } catch (error) {
      throw asPortTaken(error) ?? error;
    }
    probe.close();
    await once(probe, 'close');
  }
}
