import { pushToast } from '../../components/ui/toast-state';
import { isOnline, subscribeConnectivity } from '../../lib/connectivity';
import { appStore } from '../../lib/store';
import { deliverOutbox, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from './outbox/deliver';
import { newOutboxRecord, type OutboxPayload, type OutboxRecord } from './outbox/outbox-record';
import { addRecord, applyEvent, listRecords, removeRecord } from './outbox/outbox-store';
import { outboxRecordsAtom } from './state/outbox-atoms';

/**
 * The page's side of the outbox: it delivers on app start, when the browser says it is online or the
 * page learns the server answers again, on a timer at each record's next attempt (backoff with
 * jitter, 5 s to 10 min), and on 'Send now'. The
 * worker delivers on Background Sync. Leases in IndexedDB keep them from sending a record twice.
 */
const owner = `tab-${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random()}`;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let started = false;

export function deliveredText(record: OutboxRecord): string {
  if (record.payload.kind === 'contact') return 'Your saved message has been sent to our team.';
  const id = record.payload.orderId;
  return id && !record.payload.fallbackEmail
    ? `Your saved order request has been sent: order #${id}.`
    : 'Your saved order request has been sent to our team.';
}

/** Reads the outbox into the atom and shows, in one tab only, that a saved request was delivered. */
async function refresh(): Promise<OutboxRecord[]> {
  const records = await listRecords();
  appStore.set(outboxRecordsAtom, records);
  for (const record of records) {
    if (record.state !== 'sent' || record.announced) continue;
    if (await applyEvent(record.id, { type: 'announce', now: Date.now() })) pushToast(deliveredText(record), 'success');
  }
  return records;
}

function schedule(records: OutboxRecord[]): void {
  clearTimeout(timer);
  const times = records.flatMap((record) => {
    if (record.state === 'waiting') return [record.nextAttemptAt];
    if (record.state === 'sending' && record.lease) return [record.lease.until];
    return [];
  });
  if (times.length === 0) return;
  const wait = Math.max(1000, Math.min(...times) - Date.now());
  timer = setTimeout(() => void deliverNow(), Math.min(wait, 2 ** 31 - 1));
}

const changed = () => channel?.postMessage('changed');

/** Delivers what is due (or the one record asked for) now; one run at a time in this tab. */
export function deliverNow(force?: string | 'all'): Promise<void> {
  const run = async () => {
    try {
      await deliverOutbox({
        owner,
        all: force === 'all',
        force: force === 'all' ? undefined : force,
        onChange: () => {
          changed();
          void refresh();
        },
      });
    } catch (error) {
      console.warn('The outbox could not be delivered now', error);
    }
    schedule(await refresh());
  };
  running = (running ?? Promise.resolve()).then(run, run);
  return running;
}

/** Starts delivering (once per page): now, when the browser comes online, and when another tab or the worker changes the outbox. */
export function startOutbox(): void {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void deliverNow('all'));
  // Any sign that the server is back (the page's own probe, a request that succeeded) sends at once:
  // on patchy data the browser may never fire 'online', and the backoff can be minutes long.
  let wasOnline = isOnline();
  subscribeConnectivity(() => {
    const online = isOnline();
    if (online && !wasOnline) void deliverNow('all');
    wasOnline = online;
  });
  if (channel) channel.onmessage = () => void refresh().then(schedule);
  void deliverNow('all');
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch (error) {
    // No Background Sync here: the page's own triggers deliver it.
    console.info('Background Sync is not available; the page will send the outbox', error);
  }
}

/**
 * Saves a request that could not reach the server. Resolves once it is stored in IndexedDB (only
 * then may the cart be cleared); rejects when it could not be stored.
 */
export async function saveToOutbox(payload: OutboxPayload, retryAfterMs = 0): Promise<void> {
  const now = Date.now();
  await addRecord(newOutboxRecord(payload, now, Math.max(5_000, retryAfterMs)));
  changed();
  await requestBackgroundSync();
  schedule(await refresh());
}

export async function discardRecord(id: string): Promise<void> {
  await removeRecord(id);
  changed();
  await refresh();
}
