import type { Client, InStatement, Transaction, TransactionMode } from '@libsql/client';

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/**
 * An embedded database (a file) runs each statement as a blocking call. If one connection of this
 * process holds a write transaction open across an `await` and another connection starts a write, the
 * second blocks the event loop waiting for a lock the first can only release once the loop runs again:
 * both stall until the busy timeout. So in one process, write transactions and writing statements
 * take turns, all on one writer connection (`writer`, a client of one connection, whose per-connection
 * settings stay put); reads go straight to the pool of `client` (WAL lets them run beside the writer).
 * Other processes still wait on the file's own lock. A libSQL server needs none of this.
 */
export function takeWriteTurns(client: Client, writer: Client): Client {
  let tail: Promise<void> = Promise.resolve();
  const turn = async (): Promise<() => void> => {
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = tail;
    tail = before.then(() => mine);
    await before;
    // Statements are blocking calls resolved as microtasks, so a queue of turns would otherwise run
    // back to back as one long task (20 orders: about 35 ms) while new requests wait unread. One
    // macrotask hop per turn lets the event loop read them in between.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await turn();
    try {
      return await work();
    } finally {
      release();
    }
  };

  const read = client.execute.bind(client) as (statement: InStatement) => ReturnType<Client['execute']>;
  const write = writer.execute.bind(writer) as (statement: InStatement) => ReturnType<Client['execute']>;
  client.execute = ((statement: InStatement | string, args?: unknown) => {
    const full = (typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement) as InStatement;
    const sql = typeof full === 'string' ? full : full.sql;
    return WRITE.test(sql) ? inTurn(() => write(full)) : read(full);
  }) as Client['execute'];

  const batch = writer.batch.bind(writer);
  client.batch = ((...params: Parameters<Client['batch']>) => inTurn(() => batch(...params))) as Client['batch'];
  const migrate = writer.migrate.bind(writer);
  client.migrate = ((...params: Parameters<Client['migrate']>) =>
    inTurn(() => migrate(...params))) as Client['migrate'];

  const transaction = writer.transaction.bind(writer) as (mode?: TransactionMode) => Promise<Transaction>;
  client.transaction = (async (mode?: TransactionMode) => {
    const release = await turn();
    try {
      const tx = await transaction(mode);
      for (const method of ['commit', 'rollback'] as const) {
        const original = tx[method].bind(tx);
        tx[method] = async () => {
          try {
            return await original();
          } finally {
            release();
          }
        };
      }
      const close = tx.close.bind(tx);
      tx.close = () => {
        close();
        release();
      };
      return tx;
    } catch (error) {
      release();
      throw error;
    }
  }) as Client['transaction'];
  const close = client.close.bind(client);
  client.close = () => {
    close();
    writer.close();
  };
  return client;
}
