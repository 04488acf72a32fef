import type Stripe from 'stripe';
import type { ServerConfig } from '../config';

/**
 * Online card payments through Stripe Checkout (issue 49), with the official `stripe` library: on only
 * when the server has STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. The shop never sees a card: the
 * customer pays on Stripe's page, and Stripe's signed webhook says what was paid.
 */

export interface CheckoutInput {
  orderId: string;
  /** What the customer pays for, each in cents (with GST where it has it). */
  lines: { name: string; cents: number }[];
  /** Kept on the session and handed back by the webhook: what the payment is towards. */
  metadata: Record<string, string>;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  currency: string;
  /** One session per try: a retried request makes no second one. */
  idempotencyKey: string;
  /** Authorise only (manual capture): the bond held on the card, taken from or released later (issue 61). */
  hold?: boolean;
}

export interface CardProvider {
  /** A Checkout Session to send the customer to. */
  checkout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Closes an open session, so it can no longer be paid; answers false when Stripe says it was completed. */
  expire(sessionId: string): Promise<boolean>;
  /**
   * Pays `cents` back to the card of a payment; the same key never refunds twice. The metadata rides
   * on the refund, so Stripe's `charge.refunded` event names the refund intent it came from.
   */
  refund(input: {
    paymentIntent: string;
    cents: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string }>;
  /**
   * Takes `cents` of a held payment (the rest of the hold is released); the same key never takes twice.
   * Answers the payment intent's status after it ('succeeded').
   */
  capture(input: { paymentIntent: string; cents: number; idempotencyKey: string }): Promise<{ status: string }>;
  /** Releases a held payment in full (cancels its payment intent); answers the intent's status ('canceled'). */
  release(input: { paymentIntent: string; idempotencyKey: string }): Promise<{ status: string }>;
  /** The latest payouts to the business's bank account, newest first. */
  payouts(limit: number): Promise<PayoutSummary[]>;
  /** What one payout carried, as Stripe's balance transactions report it (each charge with its payment intent). */
  payoutTransactions(payoutId: string): Promise<PayoutTransaction[]>;
  /** The event of a webhook, its signature checked; rejects a forged, altered or stale one. */
  verify(rawBody: string, signature: string): Promise<Stripe.Event>;
}

export interface PayoutSummary {
  id: string;
  /** Cents paid into the bank, and the day it arrives (a Unix time). */
  amount: number;
  currency: string;
  arrivalDate: number;
  status: string;
}

export interface PayoutTransaction {
  id: string;
  /** Stripe's type: charge, payment, refund, payment_refund, adjustment, stripe_fee, payout, ... */
  type: string;
  amount: number;
  fee: number;
  net: number;
  /** The Stripe payment intent of the charge or refund, when the transaction has one. */
  paymentIntent: string | null;
  description: string | null;
}

/**
 * Stripe's client, pointed at STRIPE_API_URL when that is set; null without Stripe's keys. The library
 * (about 15 MB) is loaded only with the keys, as the server starts, not by a shop without them (issue 63).
 */
export function stripeProvider(config: ServerConfig['stripe']): CardProvider | null {
  if (!config) return null;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const client: Promise<Stripe> = import('stripe').then(({ default: StripeClient }) => {
    return new StripeClient(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  });
  return {
    async checkout(input) {
      const stripe = await client;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.orderId,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: line.cents,
              product_data: { name: line.name },
            },
          })),
          metadata: input.metadata,
          payment_intent_data: {
            metadata: input.metadata,
            ...(input.hold ? { capture_method: 'manual' as const } : {}),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
      return { id: session.id, url: session.url };
    },
    async expire(sessionId) {
      const stripe = await client;
      try {
        const session = await stripe.checkout.sessions.expire(sessionId);
        return session.status === 'expired';
      } catch (error) {
        // Stripe refuses to expire a session that is complete (paid, or a payment under way).
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        if (session?.status === 'expired') return true;
        if (session?.status === 'complete') return false;
        throw error;
      }
    },
    async refund({ paymentIntent, cents, idempotencyKey, metadata }) {
      const stripe = await client;
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: cents, ...(metadata ? { metadata } : {}) },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
    async capture({ paymentIntent, cents, idempotencyKey }) {
      const stripe = await client;
      const intent = await stripe.paymentIntents.capture(
        paymentIntent,
        { amount_to_capture: cents },
        { idempotencyKey },
      );
      return { status: intent.status };
    },
    async release({ paymentIntent, idempotencyKey }) {
      const stripe = await client;
      const intent = await stripe.paymentIntents.cancel(
        paymentIntent,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey },
      );
      return { status: intent.status };
    },
    async payouts(limit) {
      const stripe = await client;
      const list = await stripe.payouts.list({ limit });
      return list.data.map((payout) => ({
        id: payout.id,
        amount: payout.amount,
        currency: payout.currency.toUpperCase(),
        arrivalDate: payout.arrival_date,
        status: payout.status,
      }));
    },
    async payoutTransactions(payoutId) {
      const stripe = await client;
      const found: PayoutTransaction[] = [];
      // Every page of the payout's transactions, each charge's and refund's source expanded.
      for await (const item of stripe.balanceTransactions.list({
        payout: payoutId,
        limit: 100,
        expand: ['data.source'],
      })) {
        const source = item.source as { payment_intent?: string | { id: string } | null } | string | null;
        const intent = typeof source === 'object' && source ? source.payment_intent : null;
        found.push({
          id: item.id,
          type: item.type,
          amount: item.amount,
          fee: item.fee,
          net: item.net,
          paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
          description: item.description,
        });
      }
      return found;
    },
    async verify(rawBody, signature) {
      return (await client).webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}
