import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  type CustomerResource,
  customerCreateBodySchema,
  customerSearchQuerySchema,
  customerUpdateBodySchema,
  idParamSchema,
} from '../../src/lib/api-contract';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { fail, notFound, parseJson, parseParams, parseQuery } from '../lib/http';

type CustomerRow = typeof customers.$inferSelect;

function customerResource(row: CustomerRow): CustomerResource {
  return {
    id: row.id,
    type: 'customers',
    attributes: { name: row.name, email: row.email, phone: row.phone, properties: { phone: row.phone } },
  };
}

const byEmail = (email: string) => eq(sql`lower(${customers.email})`, email.toLowerCase());

export function customerRoutes(db: Db) {
  const app = new Hono();

  app.get('/search', async (c) => {
    const { email } = parseQuery(c, customerSearchQuerySchema);
    const rows = await db.select().from(customers).where(byEmail(email));
    return c.json({ data: rows.map(customerResource) });
  });

  app.post('/', async (c) => {
    const { data } = await parseJson(c, customerCreateBodySchema);
    const { name, email } = data.attributes;
    const phone = data.attributes.phone ?? data.attributes.properties?.phone ?? null;
    const [existing] = await db.select().from(customers).where(byEmail(email));
    if (existing) fail(409, `A customer with the email ${email} already exists: find it by email`);
    const now = new Date().toISOString();
    const [row] = await db
      .insert(customers)
      .values({ id: randomUUID(), name, email: email.toLowerCase(), phone, updatedAt: now })
      .returning();
    return c.json({ data: customerResource(row as CustomerRow) }, 201);
  });

  app.put('/:id', async (c) => {
    const { id } = parseParams(c, idParamSchema);
    const { data } = await parseJson(c, customerUpdateBodySchema);
    if (data.id !== id)
      fail(400, 'Invalid body: data.id must match the id in the path', [
        { path: 'data.id', message: 'must match the path' },
      ]);
    const [existing] = await db.select().from(customers).where(eq(customers.id, id));
    if (!existing) notFound('Customer');
    const { name, email } = data.attributes;
    const phone = data.attributes.phone ?? data.attributes.properties?.phone;
    if (email && email.toLowerCase() !== existing.email) {
      const [other] = await db.select().from(customers).where(byEmail(email));
      if (other) fail(409, `A customer with the email ${email} already exists`);
    }
    const [row] = await db
      .update(customers)
      .set({
        ...(name ? { name } : {}),
        ...(email ? { email: email.toLowerCase() } : {}),
        ...(phone ? { phone } : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(customers.id, id))
      .returning();
    return c.json({ data: customerResource(row as CustomerRow) });
  });

  return app;
}
