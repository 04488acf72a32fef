/**
 * Resolves when the browser has a moment with nothing to do (at most `timeout` ms from now), or at a
 * first tap or key press, which means the visitor wants the page now. Work started after hydration
 * waits here, one piece at a time, so each runs in a task of its own and none blocks a tap.
 */
export function whenIdle(timeout = 1500): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const events = ['pointerdown', 'keydown'] as const;
    const finish = () => {
      if (done) return;
      done = true;
      for (const type of events) removeEventListener(type, finish, true);
      resolve();
    };
    for (const type of events) addEventListener(type, finish, { capture: true, passive: true });
    // Safari has no requestIdleCallback: a timer gives the next task instead.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(finish, { timeout });
    else setTimeout(finish, 50);
  });
}
