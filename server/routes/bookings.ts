import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { ACCEPT_NAME_MAX, ACCEPT_NAME_MIN } from '../../src/lib/api-contract/customer-booking';
import { longDate } from '../../src/lib/api-contract/dates';
import { MAX_BODY_BYTES } from '../../src/lib/api-contract/requests';
import type { Services } from '../app-services';
import { fail, parseJson } from '../lib/http';
import { clientIp, isInProcess } from '../middleware/client-ip';
import { rateLimit, tooMany } from '../middleware/rate-limit';
import { applyCardEvent, type CardPayment, startCardCheckout } from '../money';
import { agreementFileName, agreementPdf } from '../services/agreement';
import { orderOfToken } from '../services/booking-links';
import { acceptTerms, customerBooking, type Signature } from '../services/customer-booking';
import { takeWaiver } from '../services/customer-waiver';
import { documentOf, fileNameOf, pdfOf } from '../services/documents';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

const acceptSchema = z.object({
  name: z
    .string({ error: 'Type your full name' })
    .trim()
    .min(ACCEPT_NAME_MIN, 'Type your full name')
    .max(ACCEPT_NAME_MAX, `Your name can be at most ${ACCEPT_NAME_MAX} characters`),
  agree: z.literal(true, { error: 'Tick the box to accept the terms' }),
  /** The quote version read and its digest (issue 61): only the newest is accepted. */
  quote_version: z.coerce.number().int().min(1).max(10_000).optional(),
  quote_digest: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'quote_digest is the quote’s digest')
    .optional(),
  /** The signature (issue 61): drawn (a PNG, base64), or the typed name adopted as one. */
  signature: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('drawn'), png: z.string().max(MAX_BODY_BYTES, 'The signature image is too large') }),
      z.object({ kind: z.literal('typed') }),
    ])
    .optional(),
});

/** A drawn signature's PNG, checked: a PNG of at most 1600 × 800 pixels, or why not. */
export function signaturePng(base64: string): Buffer | string {
  const png = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64');
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 33 || !png.subarray(0, 8).equals(magic) || png.toString('latin1', 12, 16) !== 'IHDR') {
    return 'The signature is not a picture we can read: sign again';
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width < 1 || height < 1 || width > 1600 || height > 800)
    return 'The signature picture is the wrong size: sign again';
  return png;
}

/**
 * The customer's booking page's API (issue 49), by the signed token of their emails' link, without
 * an account: their booking, its documents as PDFs, and accepting the terms. Nothing here is kept by
 * a cache. A token that is not one of ours is counted against the asker's address (the lookup limit),
 * so nobody can try tokens at speed.
 */
export function bookingRoutes(deps: Services) {
  const { config, limiter } = deps;
  const app = new Hono();
  const acceptLimit = rateLimit(limiter, 'lookup', config.rateLimits.lookup, config.trustProxy);

  const orderOf = async (c: Parameters<typeof clientIp>[0]): Promise<string> => {
    const orderId = orderOfToken(deps.secret, c.req.param('token') ?? '');
    if (orderId) return orderId;
    // The page's own read, in process, was counted as the page's request (below).
    if (!isInProcess(c)) {
      const verdict = await limiter.hit('lookup', clientIp(c, config.trustProxy), config.rateLimits.lookup);
      if (verdict.limited) tooMany(verdict.retryAfter);
    }
    fail(404, 'This booking link is not known: use the link in your latest email from us');
  };

  // The page itself (rendered by the page routes after this): a token that is not one of ours counts
  // against the asker's address as the API's lookups do, and past the limit the page is not rendered.
  app.get('/booking/:token', async (c, next) => {
    if (!orderOfToken(deps.secret, c.req.param('token'))) {
      const verdict = await limiter.hit('lookup', clientIp(c, config.trustProxy), config.rateLimits.lookup);
      if (verdict.limited) tooMany(verdict.retryAfter);
    }
    await next();
  });

  app.get('/api/bookings/:token', async (c) => {
    const booking = await customerBooking(deps, await orderOf(c));
    if (!booking) fail(404, 'This booking is no longer on record: contact us');
    return c.json({ data: booking }, 200, PRIVATE);
  });

  app.get('/api/bookings/:token/documents/:number{[A-Z]{2,3}-[0-9]{4,}}', async (c) => {
    const document = await documentOf(deps.db, await orderOf(c), c.req.param('number'));
    if (!document) fail(404, 'No such document for this booking');
    return c.body(new Uint8Array(await pdfOf(document, config.photosDir)), 200, {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileNameOf(document)}"`,
    });
  });

  app.get('/api/bookings/:token/terms.pdf', async (c) => {
    const orderId = await orderOf(c);
    const pdf = await agreementPdf(deps, orderId);
    if (!pdf) fail(404, 'The terms of this booking are not accepted yet');
    return c.body(new Uint8Array(pdf), 200, {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${agreementFileName(orderId, false)}"`,
    });
  });

  const accept = async (c: Parameters<typeof clientIp>[0], orderId: string, body: z.output<typeof acceptSchema>) => {
    const quote =
      body.quote_version !== undefined && body.quote_digest
        ? { version: body.quote_version, digest: body.quote_digest }
        : undefined;
    let signature: Signature | undefined;
    if (body.signature?.kind === 'drawn') {
      const png = signaturePng(body.signature.png);
      if (typeof png === 'string') fail(400, png, [{ path: 'signature', message: png }]);
      signature = { kind: 'drawn', png };
    } else if (body.signature?.kind === 'typed') signature = { kind: 'typed' };
    const outcome = await acceptTerms(deps, orderId, {
      name: body.name,
      ip: clientIp(c, config.trustProxy),
      ...(quote ? { quote } : {}),
      ...(signature ? { signature } : {}),
    });
    if (outcome.kind === 'not_found') fail(404, 'This booking is no longer on record: contact us');
    if (outcome.kind === 'declined') fail(409, 'This request was declined or cancelled: there is nothing to accept');
    if (outcome.kind === 'stale') {
      fail(
        409,
        `This quote has changed since you opened it: read version ${outcome.version} below and accept it again`,
      );
    }
    if (outcome.kind === 'unsigned') {
      const message = 'Sign in the box, or choose to sign by typing your name: your name alone is not a signature here';
      fail(400, message, [{ path: 'signature', message }]);
    }
    if (outcome.kind === 'lapsed') {
      fail(409, `This quote could be accepted until ${longDate(outcome.validUntil)}: contact us to renew it`);
    }
    return outcome;
  };

  app.post('/api/bookings/:token/accept', acceptLimit, async (c) => {
    const orderId = await orderOf(c);
    const body = await parseJson(c, acceptSchema);
    await accept(c, orderId, body);
    return c.json({ data: await customerBooking(deps, orderId) }, 200, PRIVATE);
  });

  // The damage waiver taken on the booking page (issue 61): once, while the booking is open and not out.
  const waiver = async (orderId: string) => {
    const outcome = await takeWaiver(deps, orderId);
    if (outcome.kind === 'not_found') fail(404, 'This booking is no longer on record: contact us');
    if (outcome.kind === 'not_offered') fail(404, 'This shop does not offer a damage waiver here: contact us');
    if (outcome.kind === 'closed') {
      fail(409, 'The damage waiver can be added only before the items go out, to a booking still open: contact us');
    }
  };
  app.post('/api/bookings/:token/waiver', acceptLimit, async (c) => {
    const orderId = await orderOf(c);
    await waiver(orderId);
    return c.json({ data: await customerBooking(deps, orderId) }, 200, PRIVATE);
  });
  app.post('/booking/:token/waiver', acceptLimit, async (c) => {
    const orderId = await orderOf(c);
    await waiver(orderId);
    return c.redirect(`/booking/${c.req.param('token')}`, 303);
  });

  const checkoutSchema = z.object({
    what: z.enum(['deposit', 'rest', 'bond_hold'], {
      error: 'Choose what to pay: "deposit", "rest" or "bond_hold"',
    }),
  });
  const checkout = async (orderId: string, what: CardPayment) => {
    const outcome = await startCardCheckout(deps, orderId, what);
    if (outcome.kind === 'cards_off') fail(404, 'This shop does not take card payments online');
    if (outcome.kind === 'nothing_owed') fail(409, 'Nothing of that is owed now: reload your booking');
    if (outcome.kind === 'under_way') {
      fail(409, 'A card payment for this booking is under way: reload your booking in a minute to see it');
    }
    return outcome.url;
  };

  // Pay by card: a Stripe Checkout Session for what is owed now, priced here alone.
  app.post('/api/bookings/:token/card-checkout', acceptLimit, async (c) => {
    const orderId = await orderOf(c);
    const { what } = await parseJson(c, checkoutSchema);
    return c.json({ data: { url: await checkout(orderId, what) } }, 200, PRIVATE);
  });

  // The same before the page's script runs: straight on to Stripe's page.
  app.post('/booking/:token/pay', acceptLimit, async (c) => {
    const orderId = await orderOf(c);
    const form = await c.req.parseBody();
    const parsed = checkoutSchema.safeParse({ what: form.what });
    if (!parsed.success) fail(400, 'Choose what to pay: the deposit, everything owed, or the bond held on your card');
    return c.redirect(await checkout(orderId, parsed.data.what), 303);
  });

  // Stripe's webhook: its signature checked over the raw body; each event applied once by its id (server/money).
  app.post('/api/stripe/webhook', async (c) => {
    if (!deps.cards) fail(404, 'This shop does not take card payments online');
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_WEBHOOK_BYTES) fail(413, 'The event is too large');
    const raw = await c.req.text();
    if (raw.length > MAX_WEBHOOK_BYTES) fail(413, 'The event is too large');
    let event: Awaited<ReturnType<NonNullable<typeof deps.cards>['verify']>>;
    try {
      event = await deps.cards.verify(raw, c.req.header('stripe-signature') ?? '');
    } catch {
      fail(400, 'The webhook signature does not match: nothing was applied');
    }
    const outcome = await applyCardEvent(deps, event);
    if (outcome !== 'ignored') deps.logger.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
    return c.json({ received: true, outcome }, 200);
  });

  // The page's form before its script runs: the same acceptance, then back to the page.
  app.post('/booking/:token/accept', acceptLimit, async (c) => {
    const token = c.req.param('token');
    const orderId = await orderOf(c);
    const form = await c.req.parseBody();
    const parsed = acceptSchema.safeParse({
      name: form.name,
      agree: form.agree === 'yes' ? true : form.agree,
      quote_version: typeof form.quote_version === 'string' && form.quote_version ? form.quote_version : undefined,
      quote_digest: typeof form.quote_digest === 'string' && form.quote_digest ? form.quote_digest : undefined,
      // Before the page's script runs there is no pad: the typed name, adopted as a signature when ticked.
      signature: form.sign_by_typing === 'yes' ? { kind: 'typed' } : undefined,
    });
    if (!parsed.success) return c.redirect(`/booking/${token}?problem=accept`, 303);
    try {
      await accept(c, orderId, parsed.data);
    } catch (error) {
      // Back to the page, which says why: a quote changed or lapsed (409), or a signature it lacks (400).
      if (error instanceof HTTPException && (error.status === 409 || error.status === 400)) {
        return c.redirect(`/booking/${token}?problem=${error.status === 409 ? 'quote' : 'sign'}`, 303);
      }
      throw error;
    }
    return c.redirect(`/booking/${token}`, 303);
  });

  return app;
}
