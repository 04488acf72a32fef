import { atom } from 'jotai';

/** Spec section 2: the header's mobile menu is open or closed. */
export const mobileMenuOpenAtom = atom(false);

/** The cart's moodboard overlay is open (its button is in the cart drawer, the overlay at the root). */
export const moodboardOpenAtom = atom(false);
