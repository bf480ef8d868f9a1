import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { orders, sandboxCheckouts } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import {
  createOrder,
  deliverWebhook,
  getOrder,
  SANDBOX_SECRET,
  type SandboxEventType,
  sandboxEvent,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    WALLET_JOB_INTERVAL_MS: '3600000',
  });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(() => server.close());

type Ending = 'succeeded' | 'cancelled' | 'expired' | 'none';
const ENDING_EVENT: Record<Exclude<Ending, 'none'>, SandboxEventType> = {
  succeeded: 'payment.succeeded',
  cancelled: 'checkout.cancelled',
  expired: 'checkout.expired',
};
const CHECKOUT_STATUS = {
  succeeded: 'paid',
  cancelled: 'cancelled',
  expired: 'expired',
  none: 'open',
};
const EXPECTED = { succeeded: 'success', cancelled: 'cancelled', expired: 'timeout' } as const;

/**
 * One payment's life: some declined attempts, then at most one ending. The provider knows the
 * truth already; its events and the result page's status checks reach us in any order, some
 * more than once.
 */
const lifecycle = fc
  .record({
    declines: fc.integer({ min: 0, max: 3 }),
    ending: fc.constantFrom<Ending>('succeeded', 'cancelled', 'expired', 'none'),
    checks: fc.integer({ min: 0, max: 3 }),
  })
  .chain((life) => {
    const events: (SandboxEventType | 'check')[] = [
      ...Array.from({ length: life.declines }, () => 'payment.failed' as const),
      ...(life.ending === 'none' ? [] : [ENDING_EVENT[life.ending]]),
      ...Array.from({ length: life.checks }, () => 'check' as const),
    ];
    return fc.record({
      life: fc.constant(life),
      // Indexes of events delivered twice, then the whole delivery order shuffled.
      deliveries: fc
        .shuffledSubarray(events.map((_, i) => i))
        .chain((dups) =>
          fc.shuffledSubarray([...events.keys(), ...dups], {
            minLength: events.length + dups.length,
          }),
        )
        .map((order) => ({ events, order })),
    });
  });

describe('order lifecycle', () => {
  it('ends in the same state whatever order the news of a payment arrives in', async () => {
    await fc.assert(
      fc.asyncProperty(lifecycle, async ({ life, deliveries }) => {
        const { user, token } = await buildSession(server.database.db, {
          now: () => server.clock.now,
        });
        const order = (await createOrder(server, token)).data!;
        await server.database.db
          .update(sandboxCheckouts)
          .set({ status: CHECKOUT_STATUS[life.ending], failedAttempts: life.declines })
          .where(eq(sandboxCheckouts.orderNo, order.order_no));
        // Each event has one id: a second delivery of index i is a replay of the same event.
        const bodies = deliveries.events.map((type) =>
          type === 'check' ? null : sandboxEvent(order, user.publicId, type),
        );
        for (const i of deliveries.order) {
          const body = bodies[i];
          if (body) await deliverWebhook(server, body);
          else await getOrder(server, token, order.order_no);
        }
        const [row] = await server.database.db
          .select()
          .from(orders)
          .where(eq(orders.orderNo, order.order_no));
        const expected =
          life.ending !== 'none'
            ? EXPECTED[life.ending]
            : life.declines > 0
              ? 'failed'
              : 'processing';
        expect(row!.status).toBe(expected);
        expect(await wallet.balance(server.database.db, user.id)).toBe(
          life.ending === 'succeeded' ? 320 : 0,
        );
      }),
      { numRuns: 40 },
    );
    expect((await checkLedger(server.database.db)).violations).toEqual([]);
  });
});
