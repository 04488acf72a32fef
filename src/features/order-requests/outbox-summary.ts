import { lazyDateFormat } from '../../lib/api-contract/dates';
import type { OutboxRecord } from './outbox/outbox-record';

const TIME = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
const DAY = lazyDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function kindLabel(record: OutboxRecord): string {
  return record.payload.kind === 'order' ? 'Order request' : 'Message';
}

/** A line about what the request holds. */
export function summaryOf(record: OutboxRecord): string {
  const { payload } = record;
  if (payload.kind === 'contact') return `“${payload.message.body.subject}”`;
  const units = payload.request.lines.reduce((sum, line) => sum + line.quantity, 0);
  const date = new Date(`${payload.request.form.hireDate}T00:00:00Z`);
  const day = Number.isNaN(date.getTime()) ? payload.request.form.hireDate : DAY().format(date);
  return `${units} ${units === 1 ? 'item' : 'items'} for ${day}`;
}

export function stateLabel(record: OutboxRecord): string {
  switch (record.state) {
    case 'waiting':
      // One cause, one wording: no answer (or none tried yet) waits for the network; an answer such
      // as 503 waits to try again.
      return record.waitingFor === 'server' ? 'Waiting to retry' : 'Waiting for the network';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return record.payload.kind === 'order' && record.payload.orderId
        ? `Sent: order #${record.payload.orderId}`
        : 'Sent';
    case 'failed':
      return 'Failed: not accepted by our server';
  }
}

export const timeOf = (record: OutboxRecord) => TIME().format(new Date(record.createdAt));
