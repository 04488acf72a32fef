import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { Toaster } from '../components/ui/toaster';
import { HireDatePicker } from '../features/availability';
import { CartDrawer, CartProvider } from '../features/cart';
import { AboutModal, ContactModal } from '../features/contact';
import { MoodboardHost } from '../features/moodboard';
import { OfflineBanner, SaveOfflineDialog, UpdatePrompt } from '../features/offline';
import { serviceKeyOfPath } from '../lib/services';
import type { RouterContext } from '../router';
import { NotFound } from './-components/not-found';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const service = serviceKeyOfPath(location.pathname);
    if (service) throw redirect({ to: '/', search: { service }, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <CartProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CartDrawer />
      <HireDatePicker />
      <ContactModal />
      <AboutModal />
      <MoodboardHost />
      <SaveOfflineDialog />
      <Toaster />
      <UpdatePrompt />
    </CartProvider>
  );
}
