import { OFFLINE_COPY_HEADER } from './sw-messages';

/** What the page says while the server cannot be reached: the app's banner and the start-up script's. */
export const OFFLINE_TEXT = 'You are offline: showing saved items';
/**
 * The start-up script (server/render/late-start.ts) marks the page with this attribute when the
 * connection went before the app woke (the app's code failed to arrive, or the device said offline),
 * and shows OFFLINE_TEXT in an element of this id outside the app's tree until the app takes over.
 */
export const EARLY_OFFLINE_ATTRIBUTE = 'data-offline';
export const EARLY_OFFLINE_ID = 'early-offline';

/**
 * Whether the app can reach its server. navigator.onLine only knows the device has no network at all;
 * on patchy data it stays true while requests fail. So API calls report here: a failed request (or an
 * answer the service worker gave from its saved copy) means offline until one succeeds, or a probe every
 * PROBE_MS does.
 */
const PROBE_MS = 10_000;
/** Answers 204 and nothing else: asking costs the server nothing and is never cached. */
const PROBE_URL = '/api/health';
/** The device says it has no network at all: no probe (it would only fail); 'online' will tell. */
const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

function scheduleProbe() {
  if (probe || typeof globalThis.setTimeout !== 'function') return;
  probe = setTimeout(() => {
    probe = null;
    if (deviceOffline()) {
      scheduleProbe();
      return;
    }
    fetch(PROBE_URL, { cache: 'no-store' }).then(
      () => reportReachable(true),
      () => scheduleProbe(),
    );
  }, PROBE_MS);
}

export function reportReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  if (unreachable) scheduleProbe();
  notify();
}

/** Reports what a response says of the network: a copy from the worker's cache means it was not reached. */
export function reportResponse(response: Response): void {
  reportReachable(!response.headers.has(OFFLINE_COPY_HEADER));
}

export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && !unreachable;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => {
    unreachable = false;
    notify();
  };
  globalThis.addEventListener('online', onOnline);
  globalThis.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener('online', onOnline);
    globalThis.removeEventListener('offline', listener);
  };
}

/** Checks once after start-up, when the page came from the worker's cache and no request has said yet. */
export function checkConnectivitySoon(delayMs = 2000): void {
  setTimeout(() => {
    if (deviceOffline()) {
      reportReachable(false);
      return;
    }
    fetch(PROBE_URL, { cache: 'no-store' }).then(
      () => reportReachable(true),
      () => reportReachable(false),
    );
  }, delayMs);
}
