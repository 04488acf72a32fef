import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductGroupResource, ProductResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { productGroupRequest } from './catalogue-requests';
import { assertDocumentResponse } from './validate';

export interface ProductGroupDetail {
  group: ProductGroupResource;
  products: ProductResource[];
}

export async function getProductGroup(id: string, signal?: AbortSignal): Promise<ProductGroupDetail> {
  const body = await apiRequest<unknown>(productGroupRequest(id).path, { signal });
  const { data, included } = assertDocumentResponse<ProductGroupResource, ProductResource>(body);
  return { group: data, products: included.filter((resource) => resource.type === 'products') };
}

export function productGroupQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.productGroup(id),
    queryFn: ({ signal }) => getProductGroup(id, signal),
  });
}

export function useProductGroup(id: string | null) {
  return useQuery({ ...productGroupQueryOptions(id ?? ''), enabled: id !== null });
}
