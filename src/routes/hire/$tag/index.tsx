import { createFileRoute } from '@tanstack/react-router';
import { cataloguePageQueryOptions } from '../../../features/catalogue';
import { loadLinkedItem, parseItemSearch } from '../../-components/item-search';
import { checkCategory } from '../-components/category-route';
import { HirePage } from '../-components/hire-page';

export const Route = createFileRoute('/hire/$tag/')({
  validateSearch: parseItemSearch,
  loaderDeps: ({ search }) => ({ type: search.type, id: search.id }),
  loader: async ({ context, params, deps }) => {
    await checkCategory(context.queryClient, params.tag);
    await Promise.all([
      context.queryClient
        .ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: 'tag', tag: params.tag }))
        .catch(() => undefined),
      loadLinkedItem(context.queryClient, deps),
    ]);
  },
  component: CategoryPage,
});

function CategoryPage() {
  const { tag } = Route.useParams();
  return <HirePage tag={tag} search={Route.useSearch()} />;
}
