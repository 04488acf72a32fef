import { createRootRouteWithContext, HeadContent, Outlet, redirect } from '@tanstack/react-router';
import { UpdatePrompt } from '../features/offline';
import { serviceKeyOfPath } from '../lib/services';
import type { RouterContext } from '../router';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const service = serviceKeyOfPath(location.pathname);
    if (service) throw redirect({ to: '/', search: { service }, replace: true });
  },
  head: () => ({
    meta: [{ title: 'Tan & Tassel | Event Styling & Prop Hire Sydney' }],
  }),
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <UpdatePrompt />
    </>
  );
}
