import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { Collage } from '../features/collage';
import { openContactAtom } from '../features/contact';
import { PageMeta } from '../features/seo';
import { ServiceModal } from '../features/services';
import { BUSINESS } from '../lib/business';
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
  const { service } = Route.useSearch();
  const navigate = useNavigate();
  const openContact = useSetAtom(openContactAtom);
  return (
    <div className="home">
      <PageMeta
        title="Tan & Tassel | Event Styling & Prop Hire Sydney"
        description="Event styling and prop hire in Sydney: backdrops, plinths, tables, tableware, florals and signage for weddings, parties and brand events."
        canonicalPath="/"
      />
      {/* Spec section 1: the intro is hidden visually but there for search engines and screen readers. */}
      <div className="visually-hidden">
        <h1>Tan &amp; Tassel: event styling and prop hire in Sydney</h1>
        <p>
          Backdrops, plinths, tables, tableware, servingware, florals and signage for weddings, birthdays and brand
          events, hired from our {BUSINESS.location} warehouse. Choose a photo to browse that part of the collection.
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
