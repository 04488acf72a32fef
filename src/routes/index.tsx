import { createFileRoute, Link } from '@tanstack/react-router';
import { HIRE_CATEGORY_GROUPS, tagDisplayName } from '../lib/hire-categories';
import { isServiceKey, type ServiceKey } from '../lib/services';

interface HomeSearch {
  service?: ServiceKey;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    isServiceKey(search.service) ? { service: search.service } : {},
  component: HomePage,
});

function HomePage() {
  return (
    <div className="page">
      <h1>Event styling and prop hire in Sydney</h1>
      <p>
        Backdrops, plinths, tables, tableware, florals and signage for weddings, birthdays and brand events, hired from
        our Riverwood NSW warehouse.
      </p>
      <h2>Browse the collection</h2>
      <ul>
        {HIRE_CATEGORY_GROUPS.map((group) => (
          <li key={group.title}>
            <Link to="/hire/$tag" params={{ tag: group.tags[0] ?? '' }}>
              {tagDisplayName(group.tags[0] ?? '')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
