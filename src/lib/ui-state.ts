import { atom } from 'jotai';

/** Spec section 2: the header's mobile menu is open or closed. */
export const mobileMenuOpenAtom = atom(false);
