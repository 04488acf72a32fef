import { Link } from '@tanstack/react-router';
import { useBusiness } from '../../hooks/use-business';
import { addressLine } from '../../lib/api-contract/business-settings';
import './site-footer.css';
import { CURRENCY_NAMES, taxIdText } from '../../lib/api-contract/business-settings';

export function SiteFooter() {
  const business = useBusiness();
  const address = addressLine(business);
  const place = [business.address.suburb, business.address.state].filter(Boolean).join(' ');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">{business.name}</p>
          {business.tagline || place ? <p>{business.tagline || `Event hire from ${place}`}</p> : null}
          {business.taxId ? <p className="site-footer__tax-id">{taxIdText(business.taxId)}</p> : null}
          <address className="site-footer__contact">
            {address}
            {address && (business.phone || business.email) ? <br /> : null}
            {business.phone ? <a href={business.phoneHref}>{business.phone}</a> : null}
            {business.phone && business.email ? ' · ' : null}
            {business.email ? <a href={`mailto:${business.email}`}>{business.email}</a> : null}
          </address>
          {business.social.length ? (
            <ul className="site-footer__social">
              {business.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer me">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/hire">Hire catalogue</Link>
            </li>
            <li>
              <Link to="/terms">Terms &amp; Conditions of Hire</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">{`Prices in ${CURRENCY_NAMES[business.currency]}. ${
        business.priceDisplay === 'including_gst' ? 'Prices include GST.' : 'GST is added at checkout.'
      }`}</p>
    </footer>
  );
}
