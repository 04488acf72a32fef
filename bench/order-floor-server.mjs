// The order request's floor: a bare node:http server over an embedded libSQL file doing the writes an
// order request needs and nothing else: in one write transaction (writers take turns, as in the
// storefront), an availability sum, then the order, its line, its hold, two emails of a real email's
// size and the stored answer. No framework, no validation, no rules. Started as its own process by
// bench/groups/availability.ts; prints the port it listens on.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';

const file = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-order-floor-')), 'floor.db');
const db = createClient({ url: `file:${file}` });
await db.execute('PRAGMA journal_mode = WAL');
await db.execute('PRAGMA synchronous = NORMAL');
await db.executeMultiple(`
  CREATE TABLE orders (number INTEGER PRIMARY KEY, body TEXT NOT NULL);
  CREATE TABLE lines (id INTEGER PRIMARY KEY, number INTEGER NOT NULL, product TEXT NOT NULL, quantity INTEGER NOT NULL);
  CREATE TABLE holds (id INTEGER PRIMARY KEY, number INTEGER NOT NULL, product TEXT NOT NULL, quantity INTEGER NOT NULL,
                      hold_from TEXT NOT NULL, hold_to TEXT NOT NULL);
  CREATE INDEX holds_product_to ON holds (product, hold_to);
  CREATE TABLE emails (id INTEGER PRIMARY KEY, number INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL);
  CREATE TABLE answers (key TEXT PRIMARY KEY, body TEXT NOT NULL);
`);

// A real order email's size: about 9 KB of HTML and 1.5 KB of text.
const html = `<p>${'An order line, its photo and price. '.repeat(250)}</p>`;
const text = 'An order line and its price. '.repeat(50);

let tail = Promise.resolve();
const inTurn = (work) => {
  const run = tail.then(work);
  tail = run.catch(() => {});
  return run;
};

const order = async (body) => {
  const request = JSON.parse(body);
  const day = request.starts_at;
  return inTurn(async () => {
    const tx = await db.transaction('write');
    try {
      const held = await tx.execute({
        sql: 'SELECT COALESCE(SUM(quantity), 0) AS held FROM holds WHERE product = ? AND hold_to >= ? AND hold_from <= ?',
        args: [request.lines[0].id, day, day],
      });
      const { rows } = await tx.execute({
        sql: 'INSERT INTO orders (number, body) SELECT COALESCE(MAX(number), 1000) + 1, ? FROM orders RETURNING number',
        args: [body],
      });
      const number = rows[0].number;
      await tx.execute({
        sql: 'INSERT INTO lines (number, product, quantity) VALUES (?, ?, 1)',
        args: [number, request.lines[0].id],
      });
      await tx.execute({
        sql: 'INSERT INTO holds (number, product, quantity, hold_from, hold_to) VALUES (?, ?, 1, ?, ?)',
        args: [number, request.lines[0].id, day, day],
      });
      await tx.execute({
        sql: 'INSERT INTO emails (number, html, text) VALUES (?, ?, ?), (?, ?, ?)',
        args: [number, html, text, number, html, text],
      });
      const answer = JSON.stringify({ number, held: Number(held.rows[0].held) });
      await tx.execute({ sql: 'INSERT INTO answers (key, body) VALUES (?, ?)', args: [`${number}`, answer] });
      await tx.commit();
      return answer;
    } finally {
      tx.close();
    }
  });
};

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    order(Buffer.concat(chunks).toString('utf8')).then(
      (answer) => {
        response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      },
      (error) => {
        const message = JSON.stringify({ error: String(error) });
        response.writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(message) });
        response.end(message);
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log(`floor listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
