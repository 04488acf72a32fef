import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { contactBodySchema, emailBodySchema, orderBodySchema } from '../../src/lib/api-contract';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { parseJson } from '../lib/http';
import { rateLimit } from '../middleware/rate-limit';
import { renderContactEmail, renderOrderEmail } from '../services/email-templates';
import type { Mailer } from '../services/mailer';
import { createOrder } from '../services/orders';

/** The writes of spec section 7 besides customers: orders, confirmation emails and contact messages. */
export function messageRoutes(db: Db, mailer: Mailer, config: ServerConfig) {
  const app = new Hono();

  app.post('/orders', rateLimit(config.rateLimits.orders, config.trustProxy), async (c) => {
    const body = await parseJson(c, orderBodySchema);
    return c.json(await createOrder(db, body), 201);
  });

  app.post('/email', async (c) => {
    const body = await parseJson(c, emailBodySchema);
    const sent = await mailer.send({
      kind: 'order_confirmation',
      to: body.customer_email,
      bcc: config.businessEmail,
      payload: body,
      orderId: body.order_id,
      ...renderOrderEmail(body),
    });
    return c.json({ data: { id: sent.id, type: 'emails', attributes: { status: sent.status } } }, 202);
  });

  app.post('/contact', rateLimit(config.rateLimits.contact, config.trustProxy), async (c) => {
    const body = await parseJson(c, contactBodySchema);
    const id = randomUUID();
    await db.insert(contactMessages).values({ id, ...body });
    const sent = await mailer.send({
      kind: 'contact',
      to: config.businessEmail,
      replyTo: body.email,
      payload: body,
      ...renderContactEmail(body),
    });
    return c.json({ data: { id, type: 'contact_messages', attributes: { email_status: sent.status } } }, 201);
  });

  return app;
}
