import { createRootRouteWithContext, HeadContent, Outlet, redirect, Scripts, useRouter } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { CartButton, CartProvider } from '../features/cart';
import { OfflineBanner } from '../features/offline';
import { BusinessProvider, useBusiness } from '../hooks/use-business';
import { brandStyle } from '../lib/api-contract/brand-colours';
import { brandIconUrls } from '../lib/api-contract/business-settings';
import { businessQueryOptions } from '../lib/business-query';
import { serviceSlugOfPath } from '../lib/services';
import type { RouterContext } from '../router';
import { AfterHydration } from './-components/after-hydration';
import { NotFound } from './-components/not-found';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';
import { SiteOverlays } from './-components/site-overlays';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, context }) => {
    if (location.pathname === '/') return;
    const { services } = await context.queryClient.ensureQueryData(businessQueryOptions());
    const service = serviceSlugOfPath(
      location.pathname,
      services.map((s) => s.slug),
    );
    if (service) throw redirect({ to: '/', search: { service }, replace: true });
  },
  // Every page shows the business's details (header, footer, about): its settings load first.
  loader: ({ context }) => context.queryClient.ensureQueryData(businessQueryOptions()),
  head: ({ loaderData }) => {
    const icons = brandIconUrls(loaderData?.logoUrl ?? null);
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
        { name: 'theme-color', content: loaderData?.accentColour ?? '#2b2927' },
      ],
      links: [
        loaderData?.logoUrl
          ? { rel: 'icon', href: icons?.icon192 ?? loaderData.logoUrl, type: 'image/png' }
          : { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: icons?.appleTouch ?? '/icons/apple-touch-icon.png' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ],
    };
  },
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** The whole document, rendered by the server and hydrated in the browser. */
function RootDocument({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    // The business's settings are read once for the whole document (use-business.ts).
    // The start-up script marks <html> (data-fonts) before hydration: its attributes are the page's own.
    <BusinessProvider>
      <html lang="en-AU" data-shell={router.isShell() ? '' : undefined} suppressHydrationWarning>
        <head>
          <HeadContent />
          <BrandStyle />
          {/* With scripts off nothing turns the heading face on (server/render/late-start.ts). */}
          <noscript>
            <style>{'html{--font-heading:"Cormorant Garamond",var(--font-heading-fallback)}'}</style>
          </noscript>
        </head>
        <body>
          {children}
          <Scripts />
          <StartUpScript />
        </body>
      </html>
    </BusinessProvider>
  );
}

const START_UP_SCRIPT_ID = 'start-up';

/**
 * The page's inline start-up script (server/render/late-start.ts), which asks for the app's code. The
 * server renders it from its router's context; hydrating, the browser takes the same words from the
 * element itself, so they are not sent a second time in the router's data. A script React creates in
 * the browser never runs.
 */
function StartUpScript() {
  const router = useRouter();
  const code = router.isServer
    ? (router.options.context as RouterContext).startUpScript
    : document.getElementById(START_UP_SCRIPT_ID)?.textContent;
  if (!code) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own script, from its build (no outside words).
  return <script id={START_UP_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** The business's accent as the brand colour (brand-colours.ts): a settings change needs no rebuild. */
function BrandStyle() {
  const { accentColour } = useBusiness();
  return <style>{brandStyle(accentColour)}</style>;
}

function RootLayout() {
  return (
    <CartProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <SiteHeader />
      {/* Floating at the bottom right, but next after the header in the tab order and to a screen
          reader: a keyboard reaches the cart without passing every card on the page. */}
      <CartButton />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* Below the first screen: it hydrates after the page, in a task of its own. */}
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <SiteOverlays />
      <AfterHydration />
    </CartProvider>
  );
}
