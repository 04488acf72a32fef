import { atom } from 'jotai';
import type { OutboxRecord } from '../outbox/outbox-record';

/** The outbox as this tab last read it from IndexedDB. */
export const outboxRecordsAtom = atom<OutboxRecord[]>([]);
