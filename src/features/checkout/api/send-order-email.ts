import type { EmailBody } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/email: the order confirmation email. */
export function sendOrderEmail(body: EmailBody, idempotencyKey: string): Promise<unknown> {
  return apiRequest('/email', { method: 'POST', body, idempotencyKey });
}
