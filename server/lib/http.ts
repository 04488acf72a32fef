import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { type ApiErrorBody, MAX_JSON_DEPTH } from '../../src/lib/api-contract';
import { NotFound } from './domain-errors';
import { tooDeepPath } from './json-depth';

/** Throws an HTTPException whose response is the API's JSON error body. */
export function fail(
  status: ContentfulStatusCode,
  error: string,
  issues?: ApiErrorBody['issues'],
  headers?: Record<string, string>,
): never {
  const body: ApiErrorBody = issues ? { error, issues } : { error };
  throw new HTTPException(status, { res: Response.json(body, { status, headers }) });
}

function issuesOf(error: z.ZodError): NonNullable<ApiErrorBody['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

function failValidation(where: string, error: z.ZodError): never {
  const issues = issuesOf(error);
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  fail(400, `Invalid ${where}: ${summary}`, issues);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) failValidation('query', result.error);
  return result.data;
}

export function parseParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) failValidation('path', result.error);
  return result.data;
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type))
    fail(415, 'Send the body as JSON with Content-Type: application/json');
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    fail(400, 'Invalid body: not valid JSON');
  }
  const deep = tooDeepPath(raw, MAX_JSON_DEPTH);
  if (deep !== null) {
    // Name the field where it starts, not a path thousands of segments long.
    const field = deep.split('.').slice(0, 3).join('.');
    fail(400, `Invalid body: ${field}: nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { path: field, message: `nested more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  }
  const result = schema.safeParse(raw);
  if (!result.success) failValidation('body', result.error);
  return result.data;
}

/** Refuses an unknown id: 404 with `{what} not found` (the domain error, so cached answers keep it briefly). */
export function notFound(what: string): never {
  throw new NotFound(what);
}
