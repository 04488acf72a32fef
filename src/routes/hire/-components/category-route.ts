import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { findCategory, renamedCategory } from '../../../lib/api-contract/categories';
import { businessQueryOptions } from '../../../lib/business-query';

/**
 * A category page's key against the shop's categories (categories.csv): a key the shop has passes, a
 * key it had before (old_keys) answers 301 to the new one, and any other is not found.
 */
export async function checkCategory(queryClient: QueryClient, tag: string, page?: number): Promise<void> {
  const { categories } = await queryClient.ensureQueryData(businessQueryOptions());
  if (findCategory(categories, tag)) return;
  const renamed = renamedCategory(categories, tag);
  if (!renamed) throw notFound();
  throw page && page > 1
    ? redirect({ to: '/hire/$tag/page/$page', params: { tag: renamed.key, page }, statusCode: 301 })
    : redirect({ to: '/hire/$tag', params: { tag: renamed.key }, statusCode: 301 });
}
