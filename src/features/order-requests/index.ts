/**
 * The order-request path: a shopper's order request or message, from the form to the shop's API,
 * kept in the outbox on this device while it cannot be sent (offline, or the server says wait) and
 * sent once (idempotency keys), by the page or, in Chromium, by the worker's Background Sync
 * (`./delivery`, the worker's own entry).
 */
export { canSendWhileClosed, whenSavedRequestIsSent } from './background-sync';
export { OutboxList } from './components/outbox-list';
export { createContactMessage } from './contact-message';
export type { OrderRequest, OrderRequestLine } from './order-request';
export { saveToOutbox, startOutbox } from './outbox-runner';
export { subtotalCentsOf } from './submissions/order-payloads';
export { submitContactMessage } from './submissions/submit-contact-message';
export { OUTCOME_MESSAGES, submitOrderRequest } from './submissions/submit-order-request';
export { type OutboxOrder, useOutboxOrder } from './use-outbox-order';
