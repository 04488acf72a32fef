import { createStore, del, entries, get, type UseStore, update } from 'idb-keyval';
import { isExpired, type OutboxEvent, type OutboxRecord, transition } from './outbox-record';

/**
 * The outbox in IndexedDB, shared by every tab and the service worker of the origin. A change is one
 * read-modify-write inside one IndexedDB transaction, so two senders can never both claim a record.
 */
let store: UseStore | undefined;
const outboxStore = () => {
  store ??= createStore('storefront-outbox', 'records');
  return store;
};

const isRecord = (value: unknown): value is OutboxRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OutboxRecord).id === 'string' &&
  typeof (value as OutboxRecord).state === 'string' &&
  typeof (value as OutboxRecord).payload === 'object';

/** Stores a new record; one with the same id (the same request) is kept as it is. */
export async function addRecord(record: OutboxRecord): Promise<void> {
  await update<OutboxRecord>(record.id, (current) => current ?? record, outboxStore());
  // Read it back: the cart is cleared only once the request is known to be stored.
  if (!isRecord(await get(record.id, outboxStore()))) throw new Error('The outbox could not store the request');
}

export async function listRecords(): Promise<OutboxRecord[]> {
  const all = await entries<string, unknown>(outboxStore());
  return all
    .map(([, value]) => value)
    .filter(isRecord)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export async function getRecord(id: string): Promise<OutboxRecord | undefined> {
  const value = await get<unknown>(id, outboxStore());
  return isRecord(value) ? value : undefined;
}

/** Applies an event atomically; resolves with the new record, or null when it did not apply. */
export async function applyEvent(id: string, event: OutboxEvent): Promise<OutboxRecord | null> {
  let applied: OutboxRecord | null = null;
  await update<OutboxRecord | undefined>(
    id,
    (current) => {
      applied = current && isRecord(current) ? transition(current, event) : null;
      return applied ?? current;
    },
    outboxStore(),
  );
  return applied;
}

export async function removeRecord(id: string): Promise<void> {
  await del(id, outboxStore());
}

/** Removes sent records older than 7 days. */
export async function pruneRecords(now: number): Promise<void> {
  for (const record of await listRecords()) if (isExpired(record, now)) await removeRecord(record.id);
}
