import type { Currency, Locale, PaymentMethod } from '@taleforge/contracts/constants';
import type { PaymentOutcome } from '../lifecycle.js';

/** What a provider needs to open a checkout for one of our orders. */
export interface CheckoutOrder {
  orderNo: string;
  userPublicId: string;
  amountMinor: number;
  currency: Currency;
  payMethod: PaymentMethod;
  gems: number;
  expiresAt: Date;
}

/** A verified provider event, reduced to what settles an order. */
export interface ProviderEvent {
  /** The provider's event id: a delivery of an id already seen changes nothing. */
  id: string;
  type: string;
  orderNo: string | null;
  /** The payer as we told the provider at checkout; must match the order's owner. */
  userPublicId: string | null;
  /** Null for events that say nothing about the payment's outcome. */
  outcome: PaymentOutcome | null;
  amountMinor: number | null;
  currency: string | null;
  reason: string | null;
}

/** The provider's current view of a checkout, for the result page's own status check. */
export interface ProviderStatus {
  outcome: PaymentOutcome | null;
  amountMinor: number;
  currency: string;
  reason: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(
    order: CheckoutOrder,
    /** locale: the language the order was made in, which its checkout speaks too. */
    urls: { origin: string; returnUrl: string; locale: Locale },
  ): Promise<{ ref: string; url: string }>;
  /** Verifies the signature on the raw body; throws AppError 3008 when it does not hold. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
  lookup(ref: string): Promise<ProviderStatus | null>;
  /** Closes an open checkout; false when it could not be (already paid, or already closed). */
  close(ref: string): Promise<boolean>;
}
