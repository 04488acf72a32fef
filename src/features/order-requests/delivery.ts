/**
 * The service worker's entry to the order-request path: it sends what the outbox holds when Background
 * Sync wakes it. No React and no styles: only what delivery needs.
 */
export { deliverWhileDue, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from './outbox/deliver';
