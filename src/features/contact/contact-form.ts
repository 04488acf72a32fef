import type { ContactBody } from '../../lib/api-contract';

/** Spec section 9: the success message closes the modal after 2 seconds. */
export const CONTACT_SUCCESS_CLOSE_MS = 2000;
export const CONTACT_SUCCESS_TEXT = "Message Sent! We'll get back to you soon.";
export const CONTACT_ERROR_TEXT = 'Failed to send message. Please try again later.';
/** No connection: the message waits in the outbox on this device. */
export const CONTACT_SAVED_TEXT =
  "We couldn't reach our team just now, so your message is saved on this device. It will be sent automatically when the connection returns.";

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

const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

/**
 * The server's field errors (a 400's `issues`) by the form's field, so each stands beside its field:
 * "message.phone" is the phone's. The first message of a field wins.
 */
export function contactFieldProblems(
  issues: readonly { path: string; message: string }[],
): Partial<Record<(typeof CONTACT_FIELDS)[number], string>> {
  const problems: Partial<Record<(typeof CONTACT_FIELDS)[number], string>> = {};
  for (const issue of issues) {
    const field = CONTACT_FIELDS.find((name) => name === issue.path.split('.').at(-1));
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}
