import { createFileRoute, notFound } from '@tanstack/react-router';
import { cataloguePageQueryOptions, parsePageParam } from '../../../../features/catalogue';
import { parseItemSearch } from '../../../-components/item-search';
import { HirePage } from '../../-components/hire-page';

export const Route = createFileRoute('/hire/$tag/page/$page')({
  params: {
    parse: (params) => {
      const page = parsePageParam(params.page);
      if (page === null) throw notFound();
      return { tag: params.tag, page };
    },
    stringify: (params) => ({ tag: params.tag, page: String(params.page) }),
  },
  validateSearch: parseItemSearch,
  loader: ({ context, params }) =>
    context.queryClient
      .ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: 'tag', tag: params.tag }, params.page))
      .catch(() => undefined),
  component: CategoryPagedPage,
});

function CategoryPagedPage() {
  const { tag, page } = Route.useParams();
  return <HirePage tag={tag} page={page} search={Route.useSearch()} />;
}
