import { Link, useRouterState } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { Suspense, useEffect, useRef, useState } from 'react';
import { DisclosureMenu } from '../../components/ui/disclosure-menu';
import { HireDateButton } from '../../features/availability';
import { HeaderCartButton } from '../../features/cart';
import { aboutModalOpenAtom, openContactAtom } from '../../features/contact';
import { InstallMenuItem, SaveOfflineButton } from '../../features/offline';
import { HeaderSearch } from '../../features/search';
import { useInAppLinks } from '../../hooks/use-in-app-links';
import { useScrollState } from '../../hooks/use-scroll-state';
import { menuGroups } from '../../lib/api-contract/categories';
import { mobileMenuOpenAtom } from '../../lib/ui-state';
import { hireMenuGroupsHtml } from './hire-menu-html';
import './site-header.css';
import './site-header-condensed.css';
import { useBusiness } from '../../hooks/use-business';

function ServiceLinks() {
  return (
    <ul className="menu-list">
      {useBusiness().services.map(({ slug, title }) => (
        <li key={slug}>
          <Link to="/$service" params={{ service: slug }}>
            {title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The hire menu (twice on every page: the desktop panel and the phone menu). Its category links are
 * static HTML that hydration skips (hire-menu-html.ts) under one click handler that keeps plain
 * clicks in the app.
 */
function HireLinks({ collapsible }: { collapsible: boolean }) {
  const groups = menuGroups(useBusiness().categories);
  const followInApp = useInAppLinks();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks are the links' own (Enter on a link clicks it); this only keeps them in the app.
    <div className="hire-menu" onClick={followInApp}>
      <div className="hire-menu__top">
        <Link to="/hire" className="hire-menu__all">
          All hire items
        </Link>
        {!collapsible && <SaveOfflineButton className="nav-button hire-menu__save" />}
      </div>
      <div
        className="hire-menu__groups"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the business's categories, every name and key escaped (hire-menu-html.ts).
        dangerouslySetInnerHTML={{ __html: hireMenuGroupsHtml(groups, collapsible) }}
      />
    </div>
  );
}

/** The header of spec section 2: logo, services, hire menu, about, contact, terms and search. */
export function SiteHeader() {
  const href = useRouterState({ select: (state) => state.location.href });
  const onSearchPage = useRouterState({ select: (state) => state.location.pathname === '/search' });
  const [menuOpen, setMenuOpen] = useAtom(mobileMenuOpenAtom);
  const openAbout = useSetAtom(aboutModalOpenAtom);
  const openContact = useSetAtom(openContactAtom);
  const business = useBusiness();

  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Phones: past the top of the page the header condenses to one row (logo, search button, menu);
  // the search row comes back at a tap and stays while it is in use.
  const { condensed } = useScrollState();
  const searchRef = useRef<HTMLDivElement>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchFocused, setSearchFocused] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: href is the trigger.
  useEffect(() => setSearchOpen(false), [href]);
  useEffect(() => {
    if (!condensed) setSearchOpen(false);
  }, [condensed]);
  const compact = condensed && !menuOpen && !searchOpen && !searchFocused;
  // Choosing anything in the menu navigates: the mobile menu closes then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: href is the trigger.
  useEffect(() => setMenuOpen(false), [href, setMenuOpen]);
  // Escape closes the mobile menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, setMenuOpen]);
  // A modal opened from the menu (About, Contact) replaces it; focus returns to the menu button after.
  const openModal = (open: () => void) => () => {
    if (menuOpen) {
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
    open();
  };

  const actions = (
    <>
      <li>
        <button type="button" className="nav-button" onClick={openModal(() => openAbout(true))}>
          About
        </button>
      </li>
      <li>
        <button type="button" className="nav-button" onClick={openModal(() => openContact())}>
          Contact
        </button>
      </li>
      <li>
        <Link to="/terms">Terms</Link>
      </li>
    </>
  );

  return (
    <header
      className={`site-header${onSearchPage ? ' site-header--search-page' : ''}${compact ? ' site-header--condensed' : ''}`}
    >
      <div className="site-header__inner">
        {/* The accessible name starts with the visible text (WCAG 2.5.3), then says where it goes. */}
        <Link
          to="/"
          className="site-header__logo"
          aria-label={`${[business.name, business.tagline].filter(Boolean).join(' ')}, home`}
        >
          <img src={business.logoUrl ?? '/favicon.svg'} alt="" width="36" height="36" />
          <span>
            {business.name} {business.tagline ? <small>{business.tagline}</small> : null}
          </span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            {business.services.length > 0 && (
              <li>
                <DisclosureMenu label="Services" closeKey={href}>
                  <ServiceLinks />
                </DisclosureMenu>
              </li>
            )}
            <li>
              <DisclosureMenu label="Hire" closeKey={href} className="disclosure--wide">
                <HireLinks collapsible={false} />
              </DisclosureMenu>
            </li>
            {actions}
            <InstallMenuItem />
          </ul>
        </nav>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: focus events only, to keep the row open while typing. */}
        <div
          ref={searchRef}
          id="header-search"
          className="site-header__search"
          onFocus={() => setSearchFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setSearchFocused(false);
          }}
        >
          <HeaderSearch />
        </div>
        <div className="site-header__date">
          <HireDateButton />
        </div>
        {!onSearchPage && (
          <button
            type="button"
            className="site-header__search-toggle"
            aria-label="Search products"
            aria-controls="header-search"
            aria-expanded={!compact}
            onClick={() => {
              setSearchOpen(true);
              requestAnimationFrame(() => searchRef.current?.querySelector('input')?.focus());
            }}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <HeaderCartButton className="site-header__cart" />
        <button
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            )}
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>
      </div>
      <nav id="mobile-menu" aria-label="Menu" className="mobile-menu" hidden={!menuOpen}>
        {/* Hidden until opened: it hydrates after the page, in a task of its own. */}
        <Suspense fallback={null}>
          {/* First in the menu, where a shopper sees it without scrolling past 45 category links. */}
          <ul className="menu-list mobile-menu__install">
            <InstallMenuItem />
          </ul>
          {business.services.length > 0 && (
            <>
              <h2 className="mobile-menu__title">Services</h2>
              <ServiceLinks />
            </>
          )}
          <h2 className="mobile-menu__title">Hire</h2>
          <HireLinks collapsible />
          <ul className="menu-list mobile-menu__actions">
            {actions}
            <li>
              <SaveOfflineButton className="nav-button" />
            </li>
          </ul>
        </Suspense>
      </nav>
    </header>
  );
}
