import type { ListMeta } from '../../../lib/api-contract';

/** Spec section 8: a response of the wrong shape is reported as 'Invalid response format from API'. */
export class InvalidResponseError extends Error {
  constructor() {
    super('Invalid response format from API');
    this.name = 'InvalidResponseError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isResource(value: unknown): boolean {
  return (
    isObject(value) && typeof value.id === 'string' && typeof value.type === 'string' && isObject(value.attributes)
  );
}

/** Checks a list answer: data is a list of resources and meta.total_items a number. */
export function assertListResponse<T>(body: unknown): { data: T[]; meta: ListMeta } {
  if (!isObject(body)) throw new InvalidResponseError();
  const data = Array.isArray(body.data) ? body.data : Array.isArray(body.bundles) ? body.bundles : null;
  const meta = body.meta;
  if (!data?.every(isResource) || !isObject(meta) || typeof meta.total_items !== 'number') {
    throw new InvalidResponseError();
  }
  return {
    data: data as T[],
    meta: {
      total_items: meta.total_items,
      current_page: typeof meta.current_page === 'number' ? meta.current_page : 1,
      per_page: typeof meta.per_page === 'number' ? meta.per_page : data.length,
    },
  };
}

/** Checks a document answer: data is one resource; included, when present, a list of resources. */
export function assertDocumentResponse<T, I = never>(body: unknown): { data: T; included: I[] } {
  if (!isObject(body) || !isResource(body.data)) throw new InvalidResponseError();
  const included = body.included ?? [];
  if (!Array.isArray(included) || !included.every(isResource)) throw new InvalidResponseError();
  return { data: body.data as T, included: included as I[] };
}
