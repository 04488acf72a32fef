/**
 * The stored contact message's shape as a zod schema: the one definition of its type
 * (contact-message.ts reads the type from here, so the page's code carries no zod for it).
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
