import { createFileRoute, notFound } from '@tanstack/react-router';
import { cataloguePageQueryOptions, isPastEnd, parsePageParam } from '../../features/catalogue';
import { type ItemSearch, loadLinkedItem, parseItemSearch } from '../-components/item-search';
import { HirePage } from './-components/hire-page';

type HireSearch = ItemSearch & { view?: 'bundles'; page?: number };

export const Route = createFileRoute('/hire/')({
  validateSearch: (search: Record<string, unknown>): HireSearch => {
    const page = parsePageParam(String(search.page ?? ''));
    return {
      ...parseItemSearch(search),
      ...(search.view === 'bundles' ? { view: 'bundles' as const } : {}),
      ...(page !== null && page > 1 ? { page } : {}),
    };
  },
  loaderDeps: ({ search }) => ({
    view: search.view ?? ('products' as const),
    page: search.page ?? 1,
    type: search.type,
    id: search.id,
  }),
  loader: async ({ context, deps }) => {
    const [data] = await Promise.all([
      context.queryClient
        .ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: deps.view }, deps.page))
        .catch(() => undefined),
      loadLinkedItem(context.queryClient, deps),
    ]);
    if (data?.pages[0] && isPastEnd(deps.page, data.pages[0].totalItems)) throw notFound();
  },
  component: HireIndex,
});

function HireIndex() {
  const { view, page, type, id } = Route.useSearch();
  return <HirePage tag={null} view={view ?? 'products'} page={page ?? 1} search={{ type, id }} />;
}
