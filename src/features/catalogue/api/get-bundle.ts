import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BundleItemResource, BundleResource, ProductResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { bundleRequest } from './catalogue-requests';
import { assertDocumentResponse } from './validate';

export interface BundleDetail {
  bundle: BundleResource;
  items: BundleItemResource[];
  /** The fixed products of the bundle's items. */
  products: ProductResource[];
}

export async function getBundle(id: string, signal?: AbortSignal): Promise<BundleDetail> {
  const body = await apiRequest<unknown>(bundleRequest(id).path, { signal });
  const { data, included } = assertDocumentResponse<BundleResource, BundleItemResource | ProductResource>(body);
  return {
    bundle: data,
    items: included.filter((r): r is BundleItemResource => r.type === 'bundle_items'),
    products: included.filter((r): r is ProductResource => r.type === 'products'),
  };
}

/** Spec section 4: a bundle's details load once per visit. */
export function bundleQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.bundle(id),
    queryFn: ({ signal }) => getBundle(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBundle(id: string | null) {
  return useQuery({ ...bundleQueryOptions(id ?? ''), enabled: id !== null });
}
