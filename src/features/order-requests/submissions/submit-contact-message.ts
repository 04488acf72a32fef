import { type ContactMessage, contactKeyOf } from '../contact-message';
import { sendContact } from './api/send-contact';
import { classifyFailure } from './retry-policy';

export const contactApi = { sendContact };
export type ContactApi = typeof contactApi;

/**
 * - `sent`: delivered (or delivered before: the key replays it).
 * - `retry`: no answer, 502, 503, 504 or 429: keep it and send it again later.
 * - `server-error`: the server answered 500. The page shows the spec's error; the outbox tries again.
 * - `error`: refused (4xx): sending it again cannot help.
 */
export type ContactOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; retryAfterMs?: number; error: unknown }
  | { kind: 'server-error'; error: unknown }
  | { kind: 'error'; status: number; error: unknown };

/** Sends a contact message with its key. Shared by the page and the service worker. */
export async function submitContactMessage(
  message: ContactMessage,
  api: ContactApi = contactApi,
): Promise<ContactOutcome> {
  try {
    await api.sendContact(message.body, contactKeyOf(message));
    return { kind: 'sent' };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === 'retry') return { kind: 'retry', retryAfterMs: failure.retryAfterMs, error };
    if (failure.kind === 'server-error') return { kind: 'server-error', error };
    return { kind: 'error', status: failure.status, error };
  }
}
