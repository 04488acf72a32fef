import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/tmp/chromium', args: ['--no-sandbox'] });
const pages = [['home', '/'], ['decor', '/hire/decor'], ['search', '/search?q=vase'], ['terms', '/terms'], ['popup', '/hire/decor?type=product-group&id=763152a9-2e1a-5db6-82a1-6c922942e4ad']];
for (const width of [390, 1440]) for (const [name, url] of pages) {
  const ctx = await b.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const p = await ctx.newPage();
  await p.goto('http://127.0.0.1:8080' + url);
  await p.waitForSelector('html[data-hydrated][data-overlays]');
  await p.evaluate(() => document.fonts.ready);
  await p.waitForTimeout(name === 'home' ? 1500 : 300);
  await p.screenshot({ path: `/tmp/shots/${name}-${width}.png` });
  await ctx.close();
}
// The stand-in serif, as a first paint shows it
for (const width of [390, 1440]) {
  const ctx = await b.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const p = await ctx.newPage();
  await p.route('**/hire/decor', async (route) => { const r = await route.fetch(); await route.fulfill({ response: r, body: (await r.text()).replace(/<script nonce="[^"]*">\(function lateStart[\s\S]*?<\/script>/, '') }); });
  await p.goto('http://127.0.0.1:8080/hire/decor');
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/shots/standin-decor-${width}.png` });
  await ctx.close();
}
await b.close();
