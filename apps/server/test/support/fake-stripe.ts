import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  expires_at: number;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The two Checkout Session endpoints we call, speaking Stripe's form-encoded protocol on
 * loopback. It records what it was asked so tests can check the SDK call.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const requests: { form: URLSearchParams; idempotencyKey: string | undefined; auth: string }[] =
    [];
  let seq = 0;
  /** Stripe's own words for the next Checkout Session it is asked to open, refusing it. */
  let refusal: string | null = null;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = await readForm(req);
      if (refusal) {
        const message = refusal;
        refusal = null;
        return send(400, { error: { type: 'invalid_request_error', message } });
      }
      requests.push({
        form,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        auth: req.headers.authorization ?? '',
      });
      seq += 1;
      const session: FakeSession = {
        id: `cs_test_${seq}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/cs_test_${seq}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        metadata: {
          order_no: form.get('metadata[order_no]') ?? '',
          user_id: form.get('metadata[user_id]') ?? '',
        },
        expires_at: Number(form.get('expires_at')),
      };
      sessions.set(session.id, session);
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (session?.status !== 'open') {
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' },
        });
      }
      session.status = 'expired';
      return send(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = sessions.get(match[1]!);
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refuseNextCheckout(message: string) {
      refusal = message;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
