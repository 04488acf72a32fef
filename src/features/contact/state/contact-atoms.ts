import { atom } from 'jotai';
import * as z from 'zod/mini';
import type { ContactBody } from '../../../lib/api-contract';
import { draftAtom } from '../../../lib/drafts';
import { emptyContactForm } from '../contact-form';

const short = z.string().check(z.maxLength(5000));
const modalSchema = z.object({ open: z.boolean(), subject: short });
const formSchema = z.object({ name: short, email: short, phone: short, subject: short, message: short });

/**
 * Spec section 2: the contact modal opens from anywhere, with an optional preset subject. While it is
 * open, it and what is typed in it are drafts of this tab: a reload (a new version) reopens them.
 */
export const contactModalAtom = draftAtom(
  'contact-modal',
  'session',
  () => ({ open: false, subject: '' }),
  (raw) => {
    const parsed = modalSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
);

export const contactFormAtom = draftAtom<ContactBody>('contact-form', 'session', emptyContactForm, (raw) => {
  const parsed = formSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
});

export const aboutModalOpenAtom = atom(false);

/** Opens the modal with a fresh form (and the preset subject, if any). */
export const openContactAtom = atom(null, (_get, set, subject?: string) => {
  set(contactFormAtom, emptyContactForm(subject ?? ''));
  set(contactModalAtom, { open: true, subject: subject ?? '' });
});
