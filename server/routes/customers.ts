import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  type CustomerResource,
  type CustomerSummaryResource,
  customerCreateBodySchema,
  customerSearchQuerySchema,
  customerUpdateBodySchema,
  idParamSchema,
} from '../../src/lib/api-contract';
import type { Services } from '../app-services';
import { customers } from '../db/schema';
import { fail, notFound, parseJson, parseParams, parseQuery } from '../lib/http';
import { rateLimit } from '../middleware/rate-limit';

type CustomerRow = typeof customers.$inferSelect;

function customerResource(row: CustomerRow): CustomerResource {
  return {
    id: row.id,
    type: 'customers',
    attributes: { name: row.name, email: row.email ?? '', phone: row.phone, properties: { phone: row.phone } },
  };
}

/** Enough for the storefront to know a phone is on file, too little to be worth harvesting. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return `••• ${digits.slice(-3)}`;
}

/** What anyone may see of a customer: the id and a masked phone. */
function customerSummary(row: CustomerRow): CustomerSummaryResource {
  return { id: row.id, type: 'customers', attributes: { properties: { phone: maskPhone(row.phone) } } };
}

const byEmail = (email: string) => eq(sql`lower(${customers.email})`, email.toLowerCase());

export function customerRoutes({ db, limiter, config }: Services) {
  const app = new Hono();

  app.get('/search', rateLimit(limiter, 'lookup', config.rateLimits.lookup, config.trustProxy), async (c) => {
    const { email } = parseQuery(c, customerSearchQuerySchema);
    const rows = await db.select().from(customers).where(byEmail(email));
    return c.json({ data: rows.map(customerSummary) });
  });

  app.post('/', async (c) => {
    const { data } = await parseJson(c, customerCreateBodySchema);
    const { name, email } = data.attributes;
    const phone = data.attributes.phone ?? data.attributes.properties?.phone ?? null;
    const now = new Date().toISOString();
    // One atomic insert: concurrent creates of one email give one customer and 409s, never a 500.
    const [row] = await db
      .insert(customers)
      .values({ id: randomUUID(), name, email: email.toLowerCase(), phone, updatedAt: now })
      .onConflictDoNothing({ target: customers.email })
      .returning();
    if (!row) fail(409, `A customer with the email ${email} already exists: find it by email`);
    return c.json({ data: customerResource(row) }, 201);
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
    // Anyone can call this: it may fill what is empty (the spec adds a missing phone), never change a value.
    const wanted = { name, email: email?.toLowerCase(), phone };
    const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((field) => {
      const value = wanted[field];
      const current = existing[field];
      return value !== undefined && current !== null && current !== '' && value !== current;
    });
    if (changed.length) {
      fail(409, `A customer's ${changed.join(', ')} cannot be changed here: only empty fields can be filled`);
    }
    const [row] = await db
      .update(customers)
      .set({ ...(phone && !existing.phone ? { phone } : {}), updatedAt: new Date().toISOString() })
      .where(eq(customers.id, id))
      .returning();
    return c.json({ data: customerSummary(row as CustomerRow) });
  });

  return app;
}
