import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseDollars } from '../../../src/lib/api-contract/basis-points';
import type { Services } from '../../app-services';
import { payBackToCards } from '../../money';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { settleBond } from '../../services/bond-settlement';
import { documentOf, fileNameOf, pdfOf } from '../../services/documents';
import { recordPayment, refundToCard } from '../../services/team/payment-actions';
import { actingMember, signedInPage, type TeamEnv } from './guard';
import { pastDay } from './requests';

/** A payment's form, but for its amount and day. */
const paymentForm = z.object({
  kind: z.enum(['payment', 'refund']),
  towards: z.enum(['hire', 'bond']),
  method: z.enum(['bank_transfer', 'cash', 'card_in_store', 'card_online']),
  note: z
    .string()
    .trim()
    .max(200)
    .transform((text) => text || null)
    .optional(),
});

/** Dollars as typed ("$1,250.50", "99") to cents, or null when it does not read. */
const dollars = (value: unknown, { zero = false } = {}): number | null => {
  const cents = typeof value === 'string' ? parseDollars(value, { max: 9_999_999 }) : null;
  return cents === null || (!zero && cents <= 0) ? null : cents;
};

/** A request's money in the workspace: its documents, payments and refunds, and settling its bond. */
export function requestMoneyRoutes(deps: Services) {
  const { db, booking, business } = deps;
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);
  const formOf = async (c: Context<TeamEnv>) => {
    const id = c.req.param('id') as string;
    const form = await c.req.parseBody();
    const done = (code: string) => c.redirect(`/team/requests/${id}?done=${code}`, 303);
    const parsed = pastDay(booking.today()).safeParse(form.day);
    return { id, form, done, day: parsed.success ? parsed.data : null };
  };

  // A tax invoice, receipt or credit note as a PDF: the same bytes each time, never kept by a cache.
  app.get('/:id{[0-9]+}/documents/:number{[A-Z]{2,3}-[0-9]{4,}}', async (c) => {
    const document = await documentOf(db, c.req.param('id'), c.req.param('number'));
    if (!document) return missing(c);
    return c.body(new Uint8Array(await pdfOf(document, deps.config.photosDir)), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${fileNameOf(document)}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.post('/:id{[0-9]+}/payments', async (c) => {
    const { id, form, done, day } = await formOf(c);
    if (!day) return done('no_day');
    const amountCents = dollars(form.amount);
    if (amountCents === null) return done('bad_amount');
    const entry = paymentForm.safeParse(form);
    const formToken = z.uuid().safeParse(form.form_token);
    if (!entry.success) return done('bad_payment');
    const { member } = c.var.session;
    if (entry.data.method === 'card_online') {
      if (entry.data.kind === 'payment') return done('card_payment');
      const refund = await refundToCard(
        deps,
        id,
        { towards: entry.data.towards, amountCents, paidOn: day, note: entry.data.note ?? null },
        { id: member.id, email: member.email },
      );
      if (refund.kind === 'not_found') return missing(c);
      if (refund.kind === 'cards_off') return done('bad_payment');
      if (refund.kind === 'provider_failed') return done('card_failed');
      if (refund.kind === 'queued') return done('card_queued');
      return done(refund.kind === 'too_much' ? 'card_too_much' : 'card_refunded');
    }
    const outcome = await recordPayment(
      deps,
      id,
      { ...entry.data, amountCents, paidOn: day },
      { id: member.id, email: member.email },
      formToken.success ? formToken.data : undefined,
    );
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'duplicate') return done('sent_twice');
    return done(outcome.kind === 'too_much' ? 'too_much' : entry.data.kind === 'refund' ? 'refunded' : 'paid');
  });

  // Money held beyond what is owed, back to the cards it came from in one step.
  app.post('/:id{[0-9]+}/pay-back', async (c) => {
    const { id, done } = await formOf(c);
    const outcome = await payBackToCards(deps, id, actingMember(c));
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'sent') return done(outcome.leftCents > 0 ? 'paid_back_partly' : 'paid_back');
    return done(outcome.kind === 'not_card' ? 'pay_back_bank' : 'nothing_to_pay_back');
  });

  // The bond after the return: the late fee by the terms, what is kept for missing or damaged pieces and why.
  app.post('/:id{[0-9]+}/bond', async (c) => {
    const { id, form, done } = await formOf(c);
    const damageCents = dollars(form.kept, { zero: true });
    if (damageCents === null) return done('bad_amount');
    const reason = typeof form.reason === 'string' ? form.reason.trim().slice(0, 1000) || null : null;
    if (damageCents > 0 && !reason) return done('bond_reason');
    const outcome = await settleBond(deps, id, { damageCents, reason }, actingMember(c));
    if (outcome.kind === 'not_ready') return done('bond_not_ready');
    if (outcome.kind === 'too_much') return done('bond_too_much');
    return done('bond_settled');
  });

  return app;
}
