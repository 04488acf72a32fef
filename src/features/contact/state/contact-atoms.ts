import { atom } from 'jotai';

/** Spec section 2: the contact modal opens from anywhere, with an optional preset subject. */
export const contactModalAtom = atom<{ open: boolean; subject: string }>({ open: false, subject: '' });
export const aboutModalOpenAtom = atom(false);

export const openContactAtom = atom(null, (_get, set, subject?: string) =>
  set(contactModalAtom, { open: true, subject: subject ?? '' }),
);
