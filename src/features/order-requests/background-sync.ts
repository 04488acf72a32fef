/**
 * What the app may promise about a request saved on this device. Only browsers with Background Sync
 * (Chromium's) send it while the app is closed; Firefox and Safari send it when the app is open again
 * (on start, when the connection returns, on its timer). The words must be true for the browser in use.
 */
export function canSendWhileClosed(): boolean {
  return typeof globalThis !== 'undefined' && 'SyncManager' in globalThis;
}

export function whenSavedRequestIsSent(whileClosed: boolean): string {
  return whileClosed
    ? 'It will be sent automatically when the connection returns, even if you close the app.'
    : 'It will be sent automatically when the connection returns while the app is open, or the next time you open it.';
}
