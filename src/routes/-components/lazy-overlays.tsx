import { Toaster } from '../../components/ui/toaster';
import { HireDatePicker } from '../../features/availability';
import { CartDrawer } from '../../features/cart';
import { LazyWhenIdle } from './retrying-lazy';

const loadLater = () => import('./later-overlays');

/**
 * Every overlay of the site, loaded after hydration (see site-overlays.tsx) in two chunks, each
 * evaluated in a task of its own: first what the shop's own buttons open (cart, event date, toasts),
 * then, at the next idle moment, the rest.
 */
export default function LazyOverlays() {
  return (
    <>
      <CartDrawer />
      <HireDatePicker />
      <Toaster />
      <LazyWhenIdle load={loadLater} what="the dialogs" />
    </>
  );
}
