import { atom } from 'jotai';
import * as z from 'zod/mini';
import { draftAtom } from '../../../lib/drafts';
import { type CheckoutForm, emptyCheckoutForm } from '../checkout-rules';

const short = z.string().check(z.maxLength(2000));
const draftSchema = z.object({
  name: short,
  email: short,
  phone: short,
  hireDate: short,
  lastDay: z.optional(short),
  deliveryOption: z.enum(['pickup', 'delivery']),
  deliveryAddress: short,
  deliveryPostcode: z.optional(short),
  afterHours: z.optional(z.boolean()),
  orderNotes: short,
  wantsSignage: z.boolean(),
  damageWaiver: z.optional(z.boolean()),
});

/**
 * The checkout form, kept while the visitor moves around the app, after a failed submission and across
 * reloads (a draft in localStorage); emptied, and the draft removed, once the request is sent.
 */
export const checkoutFormAtom = draftAtom<CheckoutForm>('checkout', 'local', emptyCheckoutForm, (raw) => {
  const parsed = draftSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { lastDay = '', deliveryPostcode = '', afterHours = false, damageWaiver = false } = parsed.data;
  return { ...parsed.data, lastDay, deliveryPostcode, afterHours, damageWaiver };
});

/** The last attempt: its id is reused while the form and cart stay the same, so a retry replays. */
export const checkoutAttemptAtom = atom<{ id: string; fingerprint: string } | null>(null);
