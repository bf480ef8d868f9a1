import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Config, ConfigError } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { WalletService } from '../wallet/index.js';
import { createOrderService, type OrderService } from './order-service.js';
import { buildPriceList, type PriceList, PriceListError } from './pricing.js';
import type { PaymentProvider } from './providers/provider.js';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.js';
import { loadSandboxSecret } from './providers/webhook-secret.js';
import { registerPaymentRoutes, registerWebhookRoute } from './routes.js';
import { registerSandboxRoutes } from './sandbox-routes.js';

export interface Payments {
  provider: PaymentProvider;
  /** Present when the sandbox is the provider. */
  sandbox: SandboxProvider | null;
  orders: OrderService;
  prices: PriceList;
  /** Calls under the product prefix. */
  registerApi(api: FastifyInstance): Promise<void>;
  /** Pages outside /api (the sandbox checkout), registered on the root app. */
  registerPages(app: FastifyInstance): Promise<void>;
}

/** Builds the configured provider and the order service over it. */
export async function createPayments(deps: {
  db: Db;
  config: Config;
  wallet: WalletService;
  log: FastifyBaseLogger;
  now: () => Date;
}): Promise<Payments> {
  const { db, config, wallet, log, now } = deps;
  const prefix = `/${config.PRODUCT_SLUG}`;
  const prices = priceListOf(config);
  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider;
  if (config.PAYMENT_PROVIDER === 'stripe') {
    // Stripe's SDK is a tenth of a second of every start: only an install that uses it loads it.
    const { createStripeProvider } = await import('./providers/stripe.js');
    provider = createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      now,
      apiBase: config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined,
    });
  } else {
    const secret = await loadSandboxSecret(config.dataDir, config.SANDBOX_WEBHOOK_SECRET);
    sandbox = createSandboxProvider({ db, secret, prefix, now });
    provider = sandbox.provider;
  }
  const orders = createOrderService({
    db,
    wallet,
    provider,
    prices,
    timeoutMinutes: config.ORDER_TIMEOUT_MINUTES,
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    log,
    now,
  });

  return {
    provider,
    sandbox,
    orders,
    prices,
    async registerApi(api) {
      registerPaymentRoutes(api, { orders, prices });
      await registerWebhookRoute(api, { orders, provider });
    },
    async registerPages(app) {
      if (sandbox) await registerSandboxRoutes(app, { sandbox, prefix, now });
    },
  };
}

/** The price list the configured rates give; rates that cannot price fairly stop the start. */
function priceListOf(config: Config): PriceList {
  try {
    return buildPriceList(config.FX_RATES);
  } catch (error) {
    if (!(error instanceof PriceListError)) throw error;
    throw new ConfigError(`Invalid configuration:\n  FX_RATES: ${error.message}`);
  }
}

export type { OrderService } from './order-service.js';
export type { PriceList } from './pricing.js';
export { moveVisitorOrders } from './queries.js';
export { WEBHOOK_PATH } from './routes.js';
export { CHECKOUT_STYLE } from './sandbox-page.js';
