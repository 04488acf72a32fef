import { Link } from '@tanstack/react-router';
import { SERVICE_KEYS, SERVICE_TITLES } from '../../lib/services';
import './site-header.css';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Tan & Tassel home">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span>
            Tan &amp; Tassel
            <small>Event Styling &amp; Prop Hire</small>
          </span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            {SERVICE_KEYS.map((key) => (
              <li key={key}>
                <a href={`/${key}`}>{SERVICE_TITLES[key]}</a>
              </li>
            ))}
            <li>
              <Link to="/hire">Hire</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
