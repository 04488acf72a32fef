/**
 * The server's side of `virtual:pwa-register/react` (server/vite.config.ts points the import here).
 * The server has no service worker to register: the overlays that register it mount in the browser,
 * after hydration, so this is never called while rendering. It answers as a page with no worker would.
 */
export function useRegisterSW() {
  const never = () => undefined;
  return {
    needRefresh: [false, never] as const,
    offlineReady: [false, never] as const,
    updateServiceWorker: async () => undefined,
  };
}
