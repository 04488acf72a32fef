import { useEffect } from 'react';
import { Toaster } from '../../components/ui/toaster';
import { HireDatePicker } from '../../features/availability';
import { CartDrawer } from '../../features/cart';
import { AboutModal, ContactModal } from '../../features/contact';
import { MoodboardHost } from '../../features/moodboard';
import { SaveOfflineDialog, UpdatePrompt } from '../../features/offline';

/** Every overlay of the site, in one chunk loaded after hydration (see site-overlays.tsx). */
export default function LazyOverlays() {
  // Said on the page for tests and tools: the dialogs can open now.
  useEffect(() => {
    document.documentElement.dataset.overlays = '';
  }, []);
  return (
    <>
      <CartDrawer />
      <HireDatePicker />
      <ContactModal />
      <AboutModal />
      <MoodboardHost />
      <SaveOfflineDialog />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
