import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/contact; the key makes a retried send deliver once. */
export function sendContact(body: ContactBody, idempotencyKey: string): Promise<unknown> {
  return apiRequest('/contact', { method: 'POST', body, idempotencyKey });
}

export function useSendContact() {
  return useMutation({
    mutationFn: ({ body, key }: { body: ContactBody; key: string }) => sendContact(body, key),
  });
}
