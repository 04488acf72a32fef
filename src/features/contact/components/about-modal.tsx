import { useQuery } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { Dialog } from '../../../components/ui/dialog';
import { useBusiness } from '../../../hooks/use-business';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { addressLine, hoursLines } from '../../../lib/api-contract/business-settings';
import { businessTextsQueryOptions } from '../../../lib/business-query';
import { aboutModalOpenAtom, openContactAtom } from '../state/contact-atoms';
import './contact.css';

/** The about modal of spec section 2: story, map, location, hours and contact details. */
export function AboutModal() {
  const [open, setOpen] = useAtom(aboutModalOpenAtom);
  const online = useOnlineStatus();
  const openContact = useSetAtom(openContactAtom);
  const business = useBusiness();
  // The story is not in every page's settings: it is read when the dialog first opens (offline, from
  // the saved copy of the settings).
  const aboutHtml = useQuery({ ...businessTextsQueryOptions(), enabled: open }).data?.aboutHtml;
  const address = addressLine(business);
  const place = [business.address.suburb, business.address.state].filter(Boolean).join(' ');
  const mapUrl = business.mapQuery ? `https://www.google.com/maps?q=${encodeURIComponent(business.mapQuery)}` : null;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={`About ${business.name}`} size="medium">
      <div className="about">
        {aboutHtml ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe HTML of business.json's Markdown (server/services/markdown.ts).
          <div className="about__story" dangerouslySetInnerHTML={{ __html: aboutHtml }} />
        ) : null}
        <div className="about__grid">
          <div>
            <h3>Visit us</h3>
            {address ? <p>{place ? `We are in ${place}, at ${address}.` : `We are at ${address}.`}</p> : null}
            <dl>
              {hoursLines(business.openingHours).map(([day, hours]) => (
                <div key={day} style={{ display: 'contents' }}>
                  <dt>{day}</dt>
                  <dd>{hours}</dd>
                </div>
              ))}
            </dl>
            <p>
              {business.phone ? (
                <>
                  Phone: <a href={business.phoneHref}>{business.phone}</a>
                </>
              ) : null}
              {business.phone && business.email ? <br /> : null}
              {business.email ? (
                <>
                  Email: <a href={`mailto:${business.email}`}>{business.email}</a>
                </>
              ) : null}
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOpen(false);
                openContact();
              }}
            >
              Contact Us
            </button>
          </div>
          {!mapUrl ? null : online ? (
            <iframe
              className="about__map"
              title={`Map of ${place || business.name}`}
              src={`${mapUrl}&output=embed`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          ) : (
            // Offline the map cannot load: the address, and the map for when the connection returns.
            <div className="about__map about__map--offline">
              <p>The map needs a connection.</p>
              <p className="about__map-address">{address}</p>
              <a href={mapUrl} target="_blank" rel="noreferrer">
                Open in Google Maps
              </a>
            </div>
          )}
        </div>
      </div>
    </Dialog>
  );
}
