import type { Client, InStatement, Transaction, TransactionMode } from '@libsql/client';

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/**
 * An embedded database (a file) runs each statement as a blocking call. If one connection of this
 * process holds a write transaction open across an `await` and another connection starts a write, the
 * second blocks the event loop waiting for a lock the first can only release once the loop runs again:
 * both stall until the busy timeout. So in one process, write transactions and writing statements
 * take turns; reads go straight through (WAL lets them run beside the writer). Other processes still
 * wait on the file's own lock. A libSQL server needs none of this.
 */
export function takeWriteTurns(client: Client): Client {
  let tail: Promise<void> = Promise.resolve();
  const turn = async (): Promise<() => void> => {
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = tail;
    tail = before.then(() => mine);
    await before;
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

  const execute = client.execute.bind(client) as (statement: InStatement) => ReturnType<Client['execute']>;
  client.execute = ((statement: InStatement | string, args?: unknown) => {
    const full = (typeof statement === 'string' ? { sql: statement, args: args ?? [] } : statement) as InStatement;
    const sql = typeof full === 'string' ? full : full.sql;
    return WRITE.test(sql) ? inTurn(() => execute(full)) : execute(full);
  }) as Client['execute'];

  const batch = client.batch.bind(client);
  client.batch = ((...params: Parameters<Client['batch']>) => inTurn(() => batch(...params))) as Client['batch'];
  const migrate = client.migrate.bind(client);
  client.migrate = ((...params: Parameters<Client['migrate']>) =>
    inTurn(() => migrate(...params))) as Client['migrate'];

  const transaction = client.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;
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
  return client;
}
