import { afterEach, describe, expect, it } from 'vitest';
import { canSendWhileClosed, whenSavedRequestIsSent } from '../../../../src/features/order-requests/background-sync';

describe('what a saved request may promise', () => {
  const global = globalThis as { SyncManager?: unknown };
  const had = 'SyncManager' in global;
  const original = global.SyncManager;
  afterEach(() => {
    if (had) global.SyncManager = original;
    else delete global.SyncManager;
  });

  it('promises sending with the app closed only where Background Sync exists', () => {
    global.SyncManager = class {};
    expect(canSendWhileClosed()).toBe(true);
    expect(whenSavedRequestIsSent(canSendWhileClosed())).toContain('even if you close the app');
    delete global.SyncManager;
    expect(canSendWhileClosed()).toBe(false);
    const text = whenSavedRequestIsSent(canSendWhileClosed());
    expect(text).not.toContain('close the app');
    expect(text).toContain('the next time you open it');
  });
});
