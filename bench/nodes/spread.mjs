// Load spread over several nodes as a round-robin balancer spreads it: connection i goes to node
// i mod n, all of them at once from this one process, and the figures are the cluster's.
import autocannon from 'autocannon';

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Runs `connections` clients for `seconds` over `nodes` (their API bases, …/taleforge).
 * `request(node, n, count)` gives autocannon's request options (method, path, headers, body) for
 * the next request to node number n of count (autocannon keeps no state per connection);
 * `check(status, body)` may throw on an answer that is not the one expected.
 */
export async function spread({ nodes, connections, seconds, request, check }) {
  let failure = null;
  const runs = nodes.map((node, n) => {
    const share = Math.floor(connections / nodes.length) + (n < connections % nodes.length ? 1 : 0);
    return autocannon({
      url: node,
      connections: share,
      duration: seconds,
      headers: BROWSER_HEADERS,
      requests: [
        {
          setupRequest(req) {
            // A throw here would escape autocannon and leave the nodes running: keep it for later.
            try {
              const own = request(node, n, nodes.length);
              return { ...req, ...own, headers: { ...req.headers, ...own.headers } };
            } catch (error) {
              failure ??= error;
              return req;
            }
          },
          onResponse(status, body) {
            try {
              check?.(status, body);
            } catch (error) {
              failure ??= error;
            }
          },
        },
      ],
    });
  });
  const results = await Promise.all(runs);
  if (failure) throw failure;
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const bad = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  if (bad) throw new Error(`${bad} requests failed (non-2xx, errors or timeouts)`);
  return {
    total,
    rps: total / seconds,
    // autocannon keeps one histogram per instance: the worst node's is the cluster's bound.
    p99: Math.max(...results.map((r) => r.latency.p99)),
    perNode: results.map((r) => r.requests.total / seconds),
  };
}
