import { atom } from 'jotai';
import type { ContactBody } from '../../../lib/api-contract';
import { draftAtom } from '../../../lib/drafts';
import { emptyContactForm } from '../contact-form';

// Drafts read back from storage are checked by hand: a schema library here would load with every
// page, since the header opens the contact modal.
const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
const isShort = (value: unknown): value is string => typeof value === 'string' && value.length <= 5000;
const asRecord = (raw: unknown): Record<string, unknown> | null =>
  raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;

function parseModal(raw: unknown): { open: boolean; subject: string } | null {
  const record = asRecord(raw);
  return record && typeof record.open === 'boolean' && isShort(record.subject)
    ? { open: record.open, subject: record.subject }
    : null;
}

function parseForm(raw: unknown): ContactBody | null {
  const record = asRecord(raw);
  if (!record || !FIELDS.every((field) => isShort(record[field]))) return null;
  const [name = '', email = '', phone = '', subject = '', message = ''] = FIELDS.map(
    (field) => record[field] as string,
  );
  return { name, email, phone, subject, message };
}

/**
 * Spec section 2: the contact modal opens from anywhere, with an optional preset subject. While it is
 * open, it and what is typed in it are drafts of this tab: a reload (a new version) reopens them.
 */
export const contactModalAtom = draftAtom('contact-modal', 'session', () => ({ open: false, subject: '' }), parseModal);

export const contactFormAtom = draftAtom<ContactBody>('contact-form', 'session', emptyContactForm, parseForm);

export const aboutModalOpenAtom = atom(false);

/** Opens the modal with a fresh form (and the preset subject, if any). */
export const openContactAtom = atom(null, (_get, set, subject?: string) => {
  set(contactFormAtom, emptyContactForm(subject ?? ''));
  set(contactModalAtom, { open: true, subject: subject ?? '' });
});
