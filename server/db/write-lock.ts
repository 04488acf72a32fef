import type { Db } from './client';

const queues = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs `work` (a write transaction) after this process's earlier ones on `db` have finished. An
 * embedded database begins a write transaction with a blocking call: a second one started while the
 * first awaits would block the event loop the first needs to finish, until SQLITE_BUSY. Queued, they
 * take turns; other processes still wait on the database's own lock (busy timeout, or sqld).
 */
export function inWriteTurn<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const turn = previous.then(work, work);
  queues.set(
    db,
    turn.catch(() => undefined),
  );
  return turn;
}
