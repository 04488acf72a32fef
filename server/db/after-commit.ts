import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database';

/** What a committed write may owe the process: mail to send now. Every commit also re-reads the data version. */
export type CommitSignal = 'mail';

const open = new AsyncLocalStorage<Set<CommitSignal>>();

/**
 * Marks that the write transaction in progress owes a signal once it commits (the mail queue marks
 * 'mail' when it queues an email). Outside a signalling transaction it does nothing: whoever wrote
 * then (a command-line import, a test) sends nothing from this process.
 */
export function afterCommit(signal: CommitSignal): void {
  open.getStore()?.add(signal);
}

/**
 * The database as the services use it: every outermost transaction, once it has committed, calls
 * `onCommit` with what it marked, and only then answers. So no route or service signals by hand, and
 * a transaction that rolled back signals nothing. Nested transactions (savepoints) run as before.
 */
export function signallingDb(db: Db, onCommit: (signals: ReadonlySet<CommitSignal>) => Promise<void>): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    if (open.getStore()) return db.transaction(work, config);
    const signals = new Set<CommitSignal>();
    const result = await open.run(signals, () => db.transaction(work, config));
    await onCommit(signals);
    return result;
  };
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
