import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { openContactAtom } from '../features/contact';
import { PageMeta } from '../features/seo';
import { ServiceModal } from '../features/services';
import { tagDisplayName } from '../lib/hire-categories';
import { isServiceKey, type ServiceKey } from '../lib/services';
import './-components/home.css';

interface HomeSearch {
  service?: ServiceKey;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    isServiceKey(search.service) ? { service: search.service } : {},
  component: HomePage,
});

/** Featured categories, each with a collage photo (the seed renders them at these addresses). */
const FEATURED: [tag: string, photo: string][] = [
  ['backdrops', '/photos/collage/large_collage-10-logo.webp'],
  ['plinths', '/photos/collage/large_collage-04-silver-mirror-plinth.webp'],
  ['tableware', '/photos/collage/large_collage-01-tableware.webp'],
  ['pots_vases', '/photos/collage/large_collage-09-pots-vases.webp'],
  ['servingware', '/photos/collage/large_collage-03-servingware.webp'],
  ['ghost_range', '/photos/collage/large_collage-02-ghost-range.webp'],
];

function HomePage() {
  const { service } = Route.useSearch();
  const navigate = useNavigate();
  const openContact = useSetAtom(openContactAtom);
  return (
    <div className="page home">
      <PageMeta
        title="Tan & Tassel | Event Styling & Prop Hire Sydney"
        description="Event styling and prop hire in Sydney: backdrops, plinths, tables, tableware, florals and signage for weddings, parties and brand events."
        canonicalPath="/"
      />
      <section className="home__intro">
        <h1>Event styling and prop hire in Sydney</h1>
        <p>
          Backdrops, plinths, tables, tableware, florals and signage for weddings, birthdays and brand events, hired
          from our Riverwood NSW warehouse.
        </p>
        <Link to="/hire" className="button">
          Browse the collection
        </Link>
      </section>
      <h2>Shop by category</h2>
      <ul className="home__tiles">
        {FEATURED.map(([tag, photo], index) => {
          return (
            <li key={tag}>
              <Link to="/hire/$tag" params={{ tag }} className="home__tile">
                <img
                  src={photo}
                  alt=""
                  width={500}
                  height={500}
                  loading={index < 2 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                />
                <span>{tagDisplayName(tag)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {isServiceKey(service) && (
        <ServiceModal
          service={service}
          onClose={() => void navigate({ to: '/', search: {}, replace: true })}
          onEnquire={(subject) => openContact(subject)}
        />
      )}
    </div>
  );
}
