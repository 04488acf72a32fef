import { isOnline, reportReachable, reportResponse } from './connectivity';

/** The API client of spec section 7: JSON in and out, a non-OK answer becomes an ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The response body text, as the server sent it. */
    readonly body: string,
    /** How long the server asked to wait before trying again (its Retry-After), if it did. */
    readonly retryAfterMs?: number,
  ) {
    super(ApiError.messageOf(status, body));
    this.name = 'ApiError';
  }

  /** The fields the server named at fault (its JSON `issues`): each with its path and message. */
  get issues(): { path: string; message: string }[] {
    try {
      const parsed = JSON.parse(this.body) as { issues?: unknown };
      if (!Array.isArray(parsed.issues)) return [];
      return parsed.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue?.path === 'string' && typeof issue?.message === 'string',
      );
    } catch {
      return [];
    }
  }

  /** The server's JSON `error` field when there is one, else the status and body text. */
  private static messageOf(status: number, body: string): string {
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      // not JSON: fall through
    }
    return `Request failed with status ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  query?: Record<string, QueryValue>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go: the network in the browser. The server renders pages with the same loaders and
 * sets a transport that hands each request to its own API in process (no socket, no HTTP to itself).
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await transport(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof TypeError) reportReachable(false);
    throw error;
  }
  reportResponse(response);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, parseRetryAfter(response.headers.get('Retry-After')));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** True for a request that failed for want of a network (fetch rejected), not for an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || !isOnline();
}
