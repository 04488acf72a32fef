import { Link } from '@tanstack/react-router';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">Tan &amp; Tassel</p>
          <p>Event styling and prop hire from our Riverwood NSW warehouse, by appointment.</p>
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
