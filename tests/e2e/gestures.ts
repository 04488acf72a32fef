import type { BrowserContext, Page } from 'playwright-core';

/** Two fingers spreading apart around (cx, cy), sent as real touch events through CDP. */
export async function pinchOut(context: BrowserContext, page: Page, cx: number, cy: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const touches = (spread: number) => [
    { x: cx - spread, y: cy, id: 0 },
    { x: cx + spread, y: cy, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touches(20) });
  for (let spread = 24; spread <= 60; spread += 4) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: touches(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
