import type { ContactBody } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** POST /api/contact; the key makes a replayed message deliver once. */
export function sendContact(body: ContactBody, idempotencyKey: string): Promise<unknown> {
  return apiRequest('/contact', {
    method: 'POST',
    body,
    idempotencyKey,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}
