import { atom } from 'jotai';
import { type CheckoutForm, emptyCheckoutForm } from '../checkout-rules';

/** The checkout form, kept while the visitor moves around the app and after a failed submission. */
export const checkoutFormAtom = atom<CheckoutForm>(emptyCheckoutForm());

/** The last attempt: its id is reused while the form and cart stay the same, so a retry replays. */
export const checkoutAttemptAtom = atom<{ id: string; fingerprint: string } | null>(null);
