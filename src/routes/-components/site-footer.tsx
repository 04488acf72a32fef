import { Link } from '@tanstack/react-router';
import { BUSINESS, BUSINESS_ADDRESS } from '../../lib/business';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">Tan &amp; Tassel</p>
          <p>Event styling and prop hire from our {BUSINESS.location} warehouse, by appointment.</p>
          <address className="site-footer__contact">
            {BUSINESS_ADDRESS}
            <br />
            <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a> ·{' '}
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
          </address>
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
      <p className="site-footer__legal">Prices in Australian dollars. GST is added at checkout.</p>
    </footer>
  );
}
