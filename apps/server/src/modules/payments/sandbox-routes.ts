import type { AddressInfo } from 'node:net';
import { PAYMENT_METHODS, type PaymentMethod } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { SandboxAction, SandboxProvider } from './providers/sandbox.js';
import { WEBHOOK_PATH } from './routes.js';
import { renderCheckoutPage } from './sandbox-page.js';
import { SANDBOX_SIGNATURE_HEADER } from './signature.js';

const ACTIONS: readonly SandboxAction[] = ['pay', 'fail', 'cancel'];
const DELIVERY_ATTEMPTS = 3;

/** Our own listening address: the sandbox delivers its webhook over loopback like any sender. */
function webhookUrl(app: FastifyInstance, prefix: string): string {
  const address = app.server.address() as AddressInfo;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}${prefix}${WEBHOOK_PATH}`;
}

/** Delivers a signed event; a lost delivery is settled later by the result page's status check. */
async function deliver(url: string, body: string, signature: string): Promise<boolean> {
  for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt += 1) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      if (res.ok) return true;
    } catch {
      // retried below
    }
  }
  return false;
}

/** The sandbox's hosted checkout page (outside /api: it is a page, not a call). */
export async function registerSandboxRoutes(
  app: FastifyInstance,
  deps: { sandbox: SandboxProvider; prefix: string; now: () => Date },
): Promise<void> {
  const { sandbox, prefix } = deps;
  const root = app;
  await app.register(async (page) => {
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    page.get<{ Params: { id: string } }>(`${prefix}/pay/sandbox/:id`, async (request, reply) => {
      const row = await sandbox.findCheckout(request.params.id);
      if (!row) throw new AppError(STATUS.NOT_FOUND, undefined, 404);
      const open = row.status === 'open' && row.expiresAt > deps.now();
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderCheckoutPage(row, request.locale, open));
    });

    page.post<{ Params: { id: string }; Body: Record<string, string> }>(
      `${prefix}/pay/sandbox/:id`,
      async (request, reply) => {
        const action = request.body?.action as SandboxAction;
        const method = (request.body?.pay_method ?? 'card') as PaymentMethod;
        if (!ACTIONS.includes(action) || !PAYMENT_METHODS.includes(method)) {
          throw new AppError(STATUS.INVALID_PARAMS, 'action', 400);
        }
        const row = await sandbox.findCheckout(request.params.id);
        if (!row) throw new AppError(STATUS.NOT_FOUND, undefined, 404);
        try {
          const event = await sandbox.act(row.id, action, method);
          const delivered = await deliver(webhookUrl(root, prefix), event.body, event.signature);
          if (!delivered) request.log.warn({ checkout: row.id }, 'sandbox webhook not delivered');
        } catch (error) {
          if (!(error instanceof AppError && error.status === STATUS.CHECKOUT_CLOSED)) throw error;
        }
        return reply.redirect(row.returnUrl, 303);
      },
    );
  });
}
