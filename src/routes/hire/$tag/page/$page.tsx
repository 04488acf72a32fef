import { createFileRoute, notFound } from '@tanstack/react-router';
import { cataloguePageQueryOptions, isPastEnd, parsePageParam } from '../../../../features/catalogue';
import { loadLinkedItem, parseItemSearch } from '../../../-components/item-search';
import { checkCategory } from '../../-components/category-route';
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
  loaderDeps: ({ search }) => ({ type: search.type, id: search.id }),
  loader: async ({ context, params, deps }) => {
    await checkCategory(context.queryClient, params.tag, params.page);
    const [data] = await Promise.all([
      context.queryClient
        .ensureInfiniteQueryData(cataloguePageQueryOptions({ kind: 'tag', tag: params.tag }, params.page))
        .catch(() => undefined),
      loadLinkedItem(context.queryClient, deps),
    ]);
    // A page past the end is no page: the not-found page, marked noindex (never an empty soft 404).
    if (data?.pages[0] && isPastEnd(params.page, data.pages[0].totalItems)) throw notFound();
  },
  component: CategoryPagedPage,
});

function CategoryPagedPage() {
  const { tag, page } = Route.useParams();
  return <HirePage tag={tag} page={page} search={Route.useSearch()} />;
}
