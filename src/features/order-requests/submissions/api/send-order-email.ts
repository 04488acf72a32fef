import type { EmailBody } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** POST /api/email: the order confirmation email. */
export function sendOrderEmail(body: EmailBody, idempotencyKey: string): Promise<unknown> {
  return apiRequest('/email', {
    method: 'POST',
    body,
    idempotencyKey,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}
