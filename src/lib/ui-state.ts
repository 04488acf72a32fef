import { atom } from 'jotai';
import { draftAtom } from './drafts';

/** Spec section 2: the header's mobile menu is open or closed. */
export const mobileMenuOpenAtom = atom(false);

/**
 * The cart's moodboard overlay is open (its button is in the cart drawer, the overlay at the root).
 * Kept for this tab, so a reload (a new version of the app) reopens the board the planner was arranging.
 */
export const moodboardOpenAtom = draftAtom(
  'moodboard-open',
  'session',
  () => false,
  (raw) => (typeof raw === 'boolean' ? raw : null),
);

/** The 'When is your event?' dialog is open (opened from the header, the popup and the cart). */
export const hireDatePickerOpenAtom = atom(false);
