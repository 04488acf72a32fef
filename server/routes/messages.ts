import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { contactBodySchema, emailBodySchema, orderBodySchema } from '../../src/lib/api-contract';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { Booking } from '../booking';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { parseJson } from '../lib/http';
import { enqueueMail } from '../mail/queue';
import { idempotencyClaim, recordAnswer } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { renderContactEmail } from '../services/email-templates';
import { answerEmailRequest } from '../services/order-emails';
import { createOrder } from '../services/orders';
import type { RateLimiter } from '../services/rate-limiter';

export interface MessageDeps {
  db: Db;
  limiter: RateLimiter;
  config: ServerConfig;
  booking: Booking;
  secret: string;
  clock: () => Date;
  /** The business's settings now: whose emails these are. */
  business: () => BusinessSettings;
  /** Called after an order changed holds, so this process's dated answers move on at once. */
  holdsChanged: () => Promise<unknown>;
  /** Called after emails were queued, so they go out at once. */
  mailQueued: () => void;
}

/** The writes of spec section 7 besides customers: orders, confirmation emails and contact messages. */
export function messageRoutes(deps: MessageDeps) {
  const { db, limiter, config, clock, holdsChanged, mailQueued } = deps;
  const app = new Hono();
  const perIp = (bucket: keyof ServerConfig['rateLimits']) =>
    rateLimit(limiter, bucket, config.rateLimits[bucket], config.trustProxy);

  app.post('/orders', perIp('orders'), async (c) => {
    const body = await parseJson(c, orderBodySchema);
    const claim = idempotencyClaim(c);
    const result = await createOrder(
      {
        ...deps,
        recordAnswer: claim ? (tx, answer) => recordAnswer(tx, claim, 201, JSON.stringify(answer)) : undefined,
      },
      body,
    );
    if (claim) claim.stored = true;
    mailQueued();
    // This process just changed what is held: its dated answers move on at once. (A request that
    // holds nothing, for the team to book by hand, changes no availability.)
    if (result.order.data.attributes.status === 'reserved') await holdsChanged();
    return c.json(result, 201);
  });

  app.post('/email', perIp('email'), async (c) => {
    const body = await parseJson(c, emailBodySchema);
    const sent = await answerEmailRequest(deps, body);
    mailQueued();
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
    mailQueued();
    return c.json({ data: { id, type: 'contact_messages', attributes: { email_status: sent.status } } }, 201);
  });

  return app;
}
