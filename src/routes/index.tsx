import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { Collage } from '../features/collage';
import { openContactAtom } from '../features/contact';
import { LocalBusinessJsonLd, PageMeta } from '../features/seo';
import { ServiceModal } from '../features/services';
import { useBusiness } from '../hooks/use-business';
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
  const business = useBusiness();
  const area = business.serviceArea ? ` in ${business.serviceArea}` : '';
  const place = [business.address.suburb, business.address.state].filter(Boolean).join(' ');
  const { service } = Route.useSearch();
  const navigate = useNavigate();
  const openContact = useSetAtom(openContactAtom);
  return (
    <div className="home">
      <PageMeta
        title={`${business.name} | ${business.emailFooter || 'Event Hire'}${area ? ` ${business.serviceArea}` : ''}`}
        description={`${business.emailFooter || 'Event hire'}${area}: backdrops, plinths, tables, tableware, florals and signage for weddings, parties and brand events.`}
        canonicalPath="/"
      />
      <LocalBusinessJsonLd />
      {/* Spec section 1: the intro is hidden visually but there for search engines and screen readers. */}
      <div className="visually-hidden">
        <h1>{`${business.name}: ${(business.emailFooter || 'event hire').toLowerCase()}${area}`}</h1>
        <p>
          Backdrops, plinths, tables, tableware, servingware, florals and signage for weddings, birthdays and brand
          events{place ? `, hired from ${place}` : ''}. Choose a photo to browse that part of the collection.
        </p>
      </div>
      <Collage />
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
