import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { Collage } from '../features/collage';
import { openContactAtom } from '../features/contact';
import { LocalBusinessJsonLd, PageMeta, previewImage } from '../features/seo';
import { ServiceModal } from '../features/services';
import { useBusiness } from '../hooks/use-business';
import { menuGroups } from '../lib/api-contract/categories';
import { businessTextsQueryOptions } from '../lib/business-query';

interface HomeSearch {
  /** The active service's slug (business.json `services`). */
  service?: string;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    typeof search.service === 'string' && /^[a-z0-9-]{1,60}$/.test(search.service) ? { service: search.service } : {},
  // A service's screen shows its text, which is not in every page's settings (business-query.ts).
  loaderDeps: ({ search }) => ({ service: search.service }),
  loader: async ({ context, deps }) => {
    if (deps.service) await context.queryClient.ensureQueryData(businessTextsQueryOptions());
  },
  component: HomePage,
});

function HomePage() {
  const business = useBusiness();
  const area = business.serviceArea ? ` in ${business.serviceArea}` : '';
  const place = [business.address.suburb, business.address.state].filter(Boolean).join(' ');
  const { service } = Route.useSearch();
  const navigate = useNavigate();
  const openContact = useSetAtom(openContactAtom);
  const active = business.services.find((s) => s.slug === service);
  const texts = useQuery({ ...businessTextsQueryOptions(), enabled: Boolean(active) }).data;
  // The shop's own top-level categories, as a shopper would say them.
  const kinds = menuGroups(business.categories).map((group) => group.title.toLowerCase());
  // A shared link to the shop shows the collage's first photo.
  const cover = business.collage[0];
  const range = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? 'event hire');
  return (
    <div className="home">
      <PageMeta
        // "Tan & Tassel | Event Styling & Prop Hire in Sydney": the tagline and the area apart (issue 63).
        title={`${business.name} | ${business.tagline || 'Event Hire'}${area}`}
        description={`${business.tagline || 'Event hire'}${area}: ${range} for weddings, parties and brand events.`}
        canonicalPath="/"
        image={cover ? previewImage(cover.url, `${business.name}: ${cover.title}`) : null}
      />
      <LocalBusinessJsonLd />
      {/* Spec section 1: the intro is hidden visually but there for search engines and screen readers. */}
      <div className="visually-hidden">
        <h1>{`${business.name}: ${(business.tagline || 'event hire').toLowerCase()}${area}`}</h1>
        <p>
          {range.charAt(0).toUpperCase() + range.slice(1)} for weddings, birthdays and brand events
          {place ? `, hired from ${place}` : ''}. Choose a photo to browse that part of the collection.
        </p>
      </div>
      <Collage />
      {active && (
        <ServiceModal
          service={active}
          html={texts?.services[active.slug] ?? ''}
          onClose={() => void navigate({ to: '/', search: {}, replace: true })}
          onEnquire={(subject) => openContact(subject)}
        />
      )}
    </div>
  );
}
