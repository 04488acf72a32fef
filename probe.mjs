import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8099';
const browser = await chromium.launch({ executablePath: '/tmp/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const find = async (name) => { const b = await (await fetch(`${base}/api/boomerang/items?query=${encodeURIComponent(name)}`)).json(); const m = b.data.find(i => i.attributes.name === name); return { id: m.id, type: m.type === 'bundles' ? 'bundle' : 'product-group' }; };
const width = Number(process.argv[2] ?? 1440);
const context = await browser.newContext({ baseURL: base, viewport: { width, height: width > 800 ? 900 : 844 } });
const page = await context.newPage();
page.on('pageerror', e => console.log('PAGEERROR', e.message));
page.on('console', m => { if (m.type() === 'error' || m.type()==='warning') console.log('console', m.type(), m.text()); });
async function add(name, variation) {
  const item = await find(name);
  await page.goto(`/hire?type=${item.type}&id=${item.id}`);
  const dialog = page.getByRole('dialog', { name });
  if (item.type === 'bundle') {
    await dialog.getByRole('button', { name: /Add Bundle to Cart|Please select/ }).waitFor();
    for (const picker of await dialog.getByRole('combobox').all()) { await picker.locator('option').nth(1).waitFor({ state: 'attached' }); await picker.selectOption({ index: 1 }); }
  } else if (variation) await dialog.getByRole('radio', { name: variation }).check();
  await dialog.getByRole('button', { name: /^Add (Bundle )?to Cart$/ }).click();
  await dialog.getByText('Added to cart successfully!').waitFor();
  await page.keyboard.press('Escape');
}
await add('Tiffany Chair', 'Gold'); await add('Neon Heart', 'Pink'); await add('Velvet Armchair', 'Navy'); await add('Champagne Tower');
await page.getByRole('button', { name: /^Cart,/ }).click();
await page.screenshot({ path: `/tmp/shots/drawer-${width}.png` });
await page.getByRole('button', { name: 'Create Moodboard' }).click();
await page.waitForTimeout(150);
await page.screenshot({ path: `/tmp/shots/mb-loading-${width}.png` });
await page.getByRole('dialog', { name: 'Your Moodboard' }).waitFor({ timeout: 20000 });
await page.waitForTimeout(600);
console.log('cards', await page.locator('.moodboard-card').count());
await page.screenshot({ path: `/tmp/shots/mb-${width}.png` });
await context.grantPermissions(['clipboard-read','clipboard-write']);
await page.getByRole('button', { name: 'Copy link' }).click();
const link = await page.evaluate(() => navigator.clipboard.readText());
const p2 = await context.newPage(); await p2.goto(link); await p2.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor(); await p2.waitForTimeout(600); await p2.keyboard.press('Escape'); await p2.waitForTimeout(400); await p2.screenshot({ path: `/tmp/shots/shared-${width}.png`, fullPage: true });
const dl = page.waitForEvent('download');
await page.getByRole('button', { name: 'Download' }).click();
const d = await dl; console.log('download', d.suggestedFilename()); await d.saveAs(`/tmp/shots/export-${width}.png`);
await browser.close();
