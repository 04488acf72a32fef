import { useAtomValue } from 'jotai';
import type { OutboxRecord } from './outbox/outbox-record';
import { outboxRecordsAtom } from './state/outbox-atoms';

export interface OutboxOrder {
  state: OutboxRecord['state'];
  /** The team's number for the request, once it has arrived. */
  orderId: string | null;
}

/** Where the order request of a checkout attempt stands in this device's outbox; null when it is not there. */
export function useOutboxOrder(attemptId: string | undefined): OutboxOrder | null {
  const records = useAtomValue(outboxRecordsAtom);
  if (!attemptId) return null;
  const record = records.find(
    (candidate) => candidate.payload.kind === 'order' && candidate.payload.request.attemptId === attemptId,
  );
  if (record?.payload.kind !== 'order') return null;
  return { state: record.state, orderId: record.payload.orderId ?? null };
}
