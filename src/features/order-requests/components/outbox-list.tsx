import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import type { OrderRequestLine } from '../order-request';
import { deliverNow, discardRecord } from '../outbox-runner';
import { kindLabel, stateLabel, summaryOf, timeOf } from '../outbox-summary';
import { outboxRecordsAtom } from '../state/outbox-atoms';
import './outbox.css';

export interface OutboxListProps {
  /** Puts a failed order's lines back in the cart (the cart is not this feature's). */
  onRestore: (lines: OrderRequestLine[]) => Promise<void>;
}

/** The cart drawer's 'Outbox': requests saved on this device, what became of them, and what to do. */
export function OutboxList({ onRestore }: OutboxListProps) {
  const records = useAtomValue(outboxRecordsAtom);
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  if (records.length === 0) return null;

  const act = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="outbox" aria-labelledby={headingId}>
      <h3 id={headingId} className="outbox__title">
        Outbox
      </h3>
      <p className="outbox__note">
        Requests saved on this device. They are sent automatically when the connection returns.
      </p>
      <ul className="outbox__list">
        {records.map((record) => (
          <li key={record.id} className={`outbox__item outbox__item--${record.state}`}>
            <div className="outbox__head">
              <strong>{kindLabel(record)}</strong>
              <time dateTime={new Date(record.createdAt).toISOString()}>{timeOf(record)}</time>
            </div>
            <p className="outbox__summary">{summaryOf(record)}</p>
            <p className="outbox__state">{stateLabel(record)}</p>
            <div className="outbox__actions">
              {record.state === 'waiting' && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy === record.id}
                  onClick={() => void act(record.id, () => deliverNow(record.id))}
                >
                  Send now
                </button>
              )}
              {record.state === 'failed' && record.payload.kind === 'order' && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy === record.id}
                  onClick={() => {
                    const { lines } = (record.payload as Extract<typeof record.payload, { kind: 'order' }>).request;
                    void act(record.id, async () => {
                      await onRestore(lines);
                      await discardRecord(record.id);
                    });
                  }}
                >
                  Put these items back in the cart
                </button>
              )}
              {(record.state === 'failed' || record.state === 'sent') && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy === record.id}
                  onClick={() => void act(record.id, () => discardRecord(record.id))}
                >
                  Remove<span className="visually-hidden"> {kindLabel(record).toLowerCase()}</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
