// Starts a server as a child process and waits until it answers, so the benchmark measures it
// from outside like a client would.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export async function freePort() {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  srv.close();
  return port;
}

export async function startProcess({ args, env = {}, cwd, readyUrl, timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${stderr}`);
    if (performance.now() - started > timeoutMs) throw new Error(`${readyUrl} not ready`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    readyMs,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
