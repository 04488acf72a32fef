/**
 * The serialisable contact message: the form and one id fixed when it is written, so it can wait in
 * the outbox and be replayed by the page or the service worker and still arrive once.
 */
import type { ContactMessage } from './contact-message-schema';

export type { ContactMessage } from './contact-message-schema';

export const contactKeyOf = (message: Pick<ContactMessage, 'messageId'>) => `contact-${message.messageId}`;

export function createContactMessage(
  body: ContactMessage['body'],
  messageId: string,
  now = new Date(),
): ContactMessage {
  return { version: 1, messageId, createdAt: now.toISOString(), body: { ...body } };
}
