import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { contactBodySchema, emailBodySchema, orderBodySchema } from '../../src/lib/api-contract';
import type { Services } from '../app-services';
import type { ServerConfig } from '../config';
import { contactMessages } from '../db/schema';
import { parseJson } from '../lib/http';
import { enqueueMail } from '../mail/queue';
import { idempotencyClaim, recordAnswer } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { renderContactEmail } from '../services/emails';
import { answerEmailRequest } from '../services/order-emails';
import { createOrder } from '../services/orders';

/** The writes of spec section 7 besides customers: orders, confirmation emails and contact messages. */
export function messageRoutes(deps: Services) {
  const { db, limiter, config, clock } = deps;
  const app = new Hono();
  const perIp = (bucket: keyof ServerConfig['rateLimits']) =>
    rateLimit(limiter, bucket, config.rateLimits[bucket], config.trustProxy);

  app.post('/orders', perIp('orders'), async (c) => {
    const body = await parseJson(c, orderBodySchema);
    const claim = idempotencyClaim(c);
    const result = await createOrder(deps, body, {
      recordAnswer: claim ? (tx, answer) => recordAnswer(tx, claim, 201, JSON.stringify(answer)) : undefined,
    });
    if (claim) claim.stored = true;
    return c.json(result, 201);
  });

  app.post('/email', perIp('email'), async (c) => {
    const body = await parseJson(c, emailBodySchema);
    const sent = await answerEmailRequest(deps, body);
    return c.json({ data: { id: sent.id, type: 'emails', attributes: { status: sent.status } } }, 202);
  });

  app.post('/contact', perIp('contact'), async (c) => {
    const body = await parseJson(c, contactBodySchema);
    const id = randomUUID();
    // The message and its email commit together: neither is kept without the other.
    const sent = await db.transaction(async (tx) => {
      await tx.insert(contactMessages).values({ id, ...body });
      return enqueueMail(
        tx,
        {
          kind: 'contact',
          to: config.businessEmail,
          replyTo: body.email,
          payload: body,
          ...renderContactEmail(deps.business(), body),
        },
        clock(),
      );
    });
    return c.json({ data: { id, type: 'contact_messages', attributes: { email_status: sent.status } } }, 201);
  });

  return app;
}
