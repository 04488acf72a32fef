/// <reference lib="webworker" />
import { deliverWhileDue, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from '../src/features/order-requests/delivery';

declare let self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * How long one sync event keeps sending records that come due again: the first four attempts (at 0,
 * 5, 15 and 35 s) fit, well inside the minutes a browser gives a sync event.
 */
export const SYNC_PATIENCE_MS = 60_000;

/**
 * Replays the outbox when Background Sync says the network is back, with the same submission code
 * and rules as the page (Workbox's queue would count any answer, even a 500, as delivered). Rejects
 * while requests still wait, so the browser schedules another sync.
 */
export async function replayOutbox(): Promise<void> {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  try {
    const { waiting } = await deliverWhileDue({
      owner: 'worker',
      // A sync event means the network is back: what waits for its retry time goes now.
      all: true,
      patienceMs: SYNC_PATIENCE_MS,
      onChange: () => channel.postMessage('changed'),
    });
    if (waiting > 0) throw new Error(`${waiting} outbox requests are still waiting`);
  } finally {
    channel.close();
  }
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOutbox());
  });
}
