import type { ContactBody } from '../../lib/api-contract';

/** Spec section 9: the success message closes the modal after 2 seconds. */
export const CONTACT_SUCCESS_CLOSE_MS = 2000;
export const CONTACT_SUCCESS_TEXT = "Message Sent! We'll get back to you soon.";
export const CONTACT_ERROR_TEXT = 'Failed to send message. Please try again later.';

export const emptyContactForm = (subject = ''): ContactBody => ({
  name: '',
  email: '',
  phone: '',
  subject,
  message: '',
});

/** Spec section 5: every field is required. */
export function isContactFormComplete(form: ContactBody): boolean {
  return Object.values(form).every((value) => value.trim().length > 0);
}
