import { useEffect } from 'react';
import { AboutModal, ContactModal } from '../../features/contact';
import { MoodboardHost } from '../../features/moodboard';
import { SaveOfflineDialog, UpdatePrompt } from '../../features/offline';

/** The overlays a shopper reaches from a menu (contact, about, moodboard, offline, update): a chunk of their own. */
export default function LaterOverlays() {
  // Said on the page for tests and tools: every dialog can open now.
  useEffect(() => {
    document.documentElement.dataset.overlays = '';
  }, []);
  return (
    <>
      <ContactModal />
      <AboutModal />
      <MoodboardHost />
      <SaveOfflineDialog />
      <UpdatePrompt />
    </>
  );
}
