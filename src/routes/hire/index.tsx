import { createFileRoute } from '@tanstack/react-router';
import { cataloguePageQueryOptions } from '../../features/catalogue';
import { type ItemSearch, parseItemSearch } from '../-components/item-search';
import { HirePage } from './-components/hire-page';

type HireSearch = ItemSearch & { view?: 'bundles' };

export const Route = createFileRoute('/hire/')({
  validateSearch: (search: Record<string, unknown>): HireSearch => ({
    ...parseItemSearch(search),
    ...(search.view === 'bundles' ? { view: 'bundles' as const } : {}),
  }),
  loaderDeps: ({ search }) => ({ view: search.view ?? ('products' as const) }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: deps.view })).catch(() => undefined),
  component: HireIndex,
});

function HireIndex() {
  const { view, type, id } = Route.useSearch();
  return <HirePage tag={null} view={view ?? 'products'} search={{ type, id }} />;
}
