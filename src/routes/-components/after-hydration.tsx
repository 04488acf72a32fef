import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { clearPassedEventDate } from '../../features/availability';
import { useBusiness } from '../../hooks/use-business';
import { businessTextsQueryOptions } from '../../lib/business-query';
import { checkConnectivitySoon } from '../../lib/connectivity';
import { restoreDrafts } from '../../lib/drafts';
import { adoptEarlyConnectivity } from '../../lib/early-connectivity';
import { endServerDataWindow } from '../../lib/fresh-server-data';
import { whenIdle } from '../../lib/idle';
import { appStore } from '../../lib/store';

/**
 * The work that waits until the server's HTML has hydrated: what this device kept (drafts, the saved
 * query cache) is given back now, never before (it would differ from the server's HTML), and the
 * offline machinery (outbox, saved catalogue, connectivity probe) loads as a chunk of its own.
 */
export function AfterHydration() {
  const router = useRouter();
  const { timeZone } = useBusiness();
  useEffect(() => {
    // Said on the page for tests and tools that need to know the app has taken over the HTML, and
    // marked on the timeline (the bench counts the code fetched before this moment).
    document.documentElement.dataset.hydrated = '';
    performance.mark('hydrated');
    endServerDataWindow();
    adoptEarlyConnectivity();
    // Whether the server can be reached is asked at once, from this chunk: the offline work below loads
    // a chunk of its own, which a connection lost before now would never bring.
    checkConnectivitySoon(0);
    restoreDrafts(appStore);
    clearPassedEventDate(timeZone, appStore);
    // A button pressed before now did nothing: the start-up script marked it (server/render/late-start.ts).
    const early = document.querySelector<HTMLElement>('[data-early-click]');
    if (early) {
      early.removeAttribute('data-early-click');
      early.click();
    }
    const { queryClient } = router.options.context;
    // One piece at a time, each when the page is idle (the dialogs load first: site-overlays.tsx).
    // A step that fails (its chunk unreachable offline) never holds back the next.
    void (async () => {
      await whenIdle();
      await whenIdle();
      await import('../../lib/query-persistence')
        .then(({ restoreQueryCache }) => restoreQueryCache(queryClient))
        .catch((error: unknown) => console.warn('Could not restore the saved query cache', error));
      // The settings' long texts are not in the page (business-query.ts): read them now, kept with the
      // query cache, so that /terms, the about dialog and the services open offline too.
      await whenIdle();
      await queryClient.prefetchQuery(businessTextsQueryOptions());
      await whenIdle();
      await import('./start-offline-work')
        .then(({ startOfflineWork }) => startOfflineWork(timeZone))
        .catch((error: unknown) => console.warn('Could not start the offline work', error));
    })();
  }, [router, timeZone]);
  return null;
}
