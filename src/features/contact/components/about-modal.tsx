import { useAtom, useSetAtom } from 'jotai';
import { Dialog } from '../../../components/ui/dialog';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { BUSINESS, BUSINESS_ADDRESS } from '../../../lib/business';
import { aboutModalOpenAtom, openContactAtom } from '../state/contact-atoms';
import './contact.css';

const MAP_URL = `https://www.google.com/maps?q=${encodeURIComponent(BUSINESS_ADDRESS)}`;

/** The about modal of spec section 2: story, map, location, hours and contact details. */
export function AboutModal() {
  const [open, setOpen] = useAtom(aboutModalOpenAtom);
  const online = useOnlineStatus();
  const openContact = useSetAtom(openContactAtom);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="About Tan & Tassel" size="medium">
      <div className="about">
        <p>
          Tan &amp; Tassel styles weddings, birthdays, showers and brand events across Sydney, and hires out the props
          we love: arches and backdrops, plinths, tables, tableware, florals and signage. Hire for a dry-hire pickup or
          let us deliver and style.
        </p>
        <div className="about__grid">
          <div>
            <h3>Visit us</h3>
            <p>
              Our warehouse is in {BUSINESS.location}, at {BUSINESS_ADDRESS}. Visits are by appointment.
            </p>
            <dl>
              {BUSINESS.hours.map(([day, hours]) => (
                <div key={day} style={{ display: 'contents' }}>
                  <dt>{day}</dt>
                  <dd>{hours}</dd>
                </div>
              ))}
            </dl>
            <p>
              Phone: <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>
              <br />
              Email: <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
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
          {online ? (
            <iframe
              className="about__map"
              title={`Map of ${BUSINESS.location}`}
              src={`${MAP_URL}&output=embed`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          ) : (
            // Offline the map cannot load: the address, and the map for when the connection returns.
            <div className="about__map about__map--offline">
              <p>The map needs a connection.</p>
              <p className="about__map-address">{BUSINESS_ADDRESS}</p>
              <a href={MAP_URL} target="_blank" rel="noreferrer">
                Open in Google Maps
              </a>
            </div>
          )}
        </div>
      </div>
    </Dialog>
  );
}
