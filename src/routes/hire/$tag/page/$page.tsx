import { createFileRoute } from '@tanstack/react-router';
import { tagDisplayName } from '../../../../lib/hire-categories';

export const Route = createFileRoute('/hire/$tag/page/$page')({
  head: ({ params }) => ({ meta: [{ title: `${tagDisplayName(params.tag)} Hire - Page ${params.page}` }] }),
  component: CategoryPagedPage,
});

function CategoryPagedPage() {
  const { tag } = Route.useParams();
  return (
    <div className="page">
      <h1>{tagDisplayName(tag)}</h1>
      <p>Browse our extensive range of event hire items</p>
    </div>
  );
}
