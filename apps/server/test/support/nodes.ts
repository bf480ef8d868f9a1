// Several server processes as an operator runs them behind a load balancer: identical nodes on one
// PostgreSQL database and one Redis, each with a data directory of its own, sharing what the
// deployment guide says nodes must share (the risk key, the media link secret) through the
// environment. Requests are spread over the nodes still running, one after another.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { tempDir } from './database.js';
import { SANDBOX_SECRET } from './payments.js';
import { type ServerProcess, spawnServer } from './server-process.js';

export interface Node extends ServerProcess {
  name: string;
  alive: boolean;
  url(path: string, query?: Record<string, string>): string;
}

export interface Cluster {
  nodes: Node[];
  /** The next running node, round-robin. */
  next(): Node;
  /** SIGKILLs a node: no shutdown, its connections and requests in flight just end. */
  kill(node: Node): Promise<void>;
}

/** Starts `count` nodes at the same instant (as a deployment rolls them out). */
export async function startCluster(
  count: number,
  shared: { databaseUrl: string; redisUrl?: string; env?: Record<string, string> },
): Promise<Cluster> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl ?? '',
    RISK_PRIVATE_KEY_PEM: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    MEDIA_URL_SECRET: randomBytes(24).toString('base64url'),
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    // The test's requests all come from loopback; behind a proxy each names its own address.
    TRUST_PROXY: 'true',
    DEMO_VIDEOS: 'false',
    DATABASE_POOL_SIZE: '4',
    ...shared.env,
  };
  const started = await Promise.all(
    Array.from({ length: count }, async () => spawnServer({ ...env, DATA_DIR: await tempDir() })),
  );
  const nodes: Node[] = started.map((server, i) => ({
    ...server,
    name: `node ${i + 1}`,
    alive: true,
    url(path, query = {}) {
      const url = new URL(`${server.base}${path}`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return url.toString();
    },
  }));
  let turn = 0;
  return {
    nodes,
    next() {
      const alive = nodes.filter((n) => n.alive);
      if (alive.length === 0) throw new Error('no node is running');
      turn += 1;
      return alive[turn % alive.length]!;
    },
    async kill(node) {
      node.alive = false;
      const exited = once(node.child, 'exit');
      node.child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Retries a request on the next node while the one it reached is gone (a refused or cut
 * connection), as a load balancer does: for calls that are idempotent by their key.
 */
export async function onSomeNode<T>(cluster: Cluster, send: (node: Node) => Promise<T>) {
  for (let attempt = 0; ; attempt += 1) {
    const node = cluster.next();
    try {
      return await send(node);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
}
