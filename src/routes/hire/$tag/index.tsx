import { createFileRoute, notFound } from '@tanstack/react-router';
import { cataloguePageQueryOptions } from '../../../features/catalogue';
import { isHireTag } from '../../../lib/hire-categories';
import { parseItemSearch } from '../../-components/item-search';
import { HirePage } from '../-components/hire-page';

export const Route = createFileRoute('/hire/$tag/')({
  validateSearch: parseItemSearch,
  loader: async ({ context, params }) => {
    if (!isHireTag(params.tag)) throw notFound();
    await context.queryClient
      .ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: 'tag', tag: params.tag }))
      .catch(() => undefined);
  },
  component: CategoryPage,
});

function CategoryPage() {
  const { tag } = Route.useParams();
  return <HirePage tag={tag} search={Route.useSearch()} />;
}
