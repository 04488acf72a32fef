/**
 * The serialisable order request: everything a checkout submission needs (form, a snapshot of the
 * cart and one attempt id), so it can be stored and replayed later without a page. Shared by the page
 * and the service worker.
 */
export type { OrderRequest, OrderRequestLine } from './order-request-schema';

/** Idempotency-Key of one write of an attempt, e.g. "<attempt>:order". */
export const idempotencyKeyFor = (
  attemptId: string,
  step: 'customer' | 'customer-phone' | 'order' | 'email' | 'fallback-email',
) => `order-${attemptId}:${step}`;
