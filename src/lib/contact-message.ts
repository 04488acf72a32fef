/**
 * The serialisable contact message: the form and one id fixed when it is written, so it can wait in
 * the outbox and be replayed by the page or the service worker and still arrive once.
 */
import * as z from 'zod/mini';

export const contactMessageSchema = z.object({
  version: z.literal(1),
  messageId: z.string().check(z.minLength(8)),
  createdAt: z.string(),
  body: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactKeyOf = (message: Pick<ContactMessage, 'messageId'>) => `contact-${message.messageId}`;

export function createContactMessage(
  body: ContactMessage['body'],
  messageId: string,
  now = new Date(),
): ContactMessage {
  return { version: 1, messageId, createdAt: now.toISOString(), body: { ...body } };
}
