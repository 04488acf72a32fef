/**
 * Asks the browser to keep this site's storage (cart, outbox, saved catalogue) when space runs low,
 * instead of evicting it. Asked once per page: Chromium grants it to installed or engaged sites without a
 * prompt; other browsers may ask the shopper. Resolves whether storage is persistent.
 */
let asked: Promise<boolean> | null = null;

export function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return Promise.resolve(false);
  asked ??= navigator.storage
    .persisted()
    .then((already) => already || navigator.storage.persist())
    .catch(() => false);
  return asked;
}

/** Bytes this site uses and may use, or null where the browser does not say. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}

/** "1.4 MB", "320 KB": sizes as a shopper reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
