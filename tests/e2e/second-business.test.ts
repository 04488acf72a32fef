import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { openDb } from '../../server/upgrades/open-db';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';
import { axeViolations, fillCheckout, followHydration, openCart, sharedBrowser } from './browser';

/**
 * Issue 32: a second business's folder (examples/harbour-lane: its business.json, logo and products)
 * makes the header, footer and About its own, with none of the demo's details.
 */
const browser = sharedBrowser();
let server: ServerProcess;
const DEMO_WORDS = ['Tan & Tassel', 'Riverwood', '5550 2184', 'tanandtassel', 'Belmore'];

beforeAll(async () => {
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  const db = await openDb({ url: databaseFile });
  // Its own photo folder: the import replaces photos that other tests' databases still show.
  const photosDir = await copyTestPhotos();
  const report = await importCatalogue(db, path.join(ROOT, 'examples', 'harbour-lane'), { photosDir });
  db.$client.close();
  if (report.problems.length) throw new Error(JSON.stringify(report.problems));
  server = await startServerProcess({ DATABASE_URL: databaseFile, PHOTOS_DIR: photosDir, ...GENEROUS_LIMITS });
});
afterAll(async () => {
  await server?.stop();
});

describe('a second business’s shop', () => {
  it.each([390, 1440])('shows its own name, logo, contact details and hours at %i px', async (width) => {
    const context = await browser().newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/hire/tableware');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tableware');
    const home = page.getByRole('link', { name: 'Harbour Lane Hire Furniture, linen & lighting, home', exact: true });
    await expect.poll(() => home.isVisible()).toBe(true);
    expect(await home.locator('img').getAttribute('src')).toMatch(/^\/brand\/logo_[0-9a-f]{16}\.svg$/);
    const footer = page.locator('footer');
    const footerText = await footer.innerText();
    expect(footerText).toContain('8 Wharf Street, Balmain NSW 2041');
    expect(footerText).toContain('(02) 5550 7731');
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.com/harbourlanehire',
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1f4e5f');
    // Its accent is the brand colour: headings and primary buttons in its teal, not the demo's charcoal.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).color)).toBe(
      'rgb(31, 78, 95)',
    );

    if (width < 800) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'About' }).click();
    } else {
      await page.getByRole('button', { name: 'About', exact: true }).first().click();
    }
    const about = page.getByRole('dialog', { name: 'About Harbour Lane Hire' });
    await expect.poll(() => about.isVisible()).toBe(true);
    const aboutText = await about.innerText();
    expect(aboutText).toContain('from our Balmain shed');
    expect(aboutText).toMatch(/Tuesday and Wednesday\s+9am-3pm/);
    expect(aboutText).toContain('bookings@harbourlane.example');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => about.isVisible()).toBe(false);
    // Its own categories in the Hire menu: the empty ones (Lighting, Linen) and the demo's left out.
    if (width < 800) {
      await page.getByRole('button', { name: 'Menu' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Hire' }).click();
    }
    const groups = page.locator(width < 800 ? '#mobile-menu .hire-menu__group' : '.site-header__nav .hire-menu__group');
    await expect.poll(() => groups.first().isVisible()).toBe(true);
    expect(await groups.locator('summary, h2').allTextContents()).toEqual(['Furniture', 'Tableware']);
    expect(await groups.locator('a').allTextContents()).toEqual(['Plinths & Stands', 'Candlesticks', 'Vessels & Urns']);
    expect(await axeViolations(page)).toEqual([]);

    // Its own terms, from Markdown.
    await page.goto('/terms');
    const terms = page.locator('.terms');
    await expect.poll(() => terms.getByRole('heading', { level: 2, name: 'Returns' }).isVisible()).toBe(true);
    expect(await terms.locator('.terms__body').getByRole('listitem').allInnerTexts()).toEqual([
      'Return items clean and dry, on the day agreed.',
      'Linen goes back unwashed, in the bag it came in.',
    ]);
    // Its own money rules (business.json's payments), under its words.
    expect(await terms.locator('.payment-rules').getByRole('listitem').allInnerTexts()).toEqual([
      'A deposit of 30% of the total books your date; it is refundable under the cancellation terms below.',
      'The balance is due 1 week before the hire date.',
      'A bond of the greater of $100.00 or 10% of the hire is paid with the balance and refunded after the return, less any late fee or damage.',
      'A late return costs 5% of the hire for each day, taken from the bond.',
      'Cancel 2 weeks or more before the hire date: we refund what you paid.',
      'Cancel less than 2 weeks before the hire date: we refund 50% of what you paid.',
      'Bank transfer to Harbour Lane Hire, BSB 062-000, account 10203040.',
    ]);
    expect(await terms.getByRole('link', { name: 'delivery and setup' }).getAttribute('href')).toBe(
      'mailto:bookings@harbourlane.example',
    );
    const termsText = await terms.innerText();
    expect(termsText).not.toMatch(/Bond|Tan & Tassel/);
    expect(await axeViolations(page)).toEqual([]);

    const shown = `${termsText}\n${await page.getByRole('banner').innerText()}\n${footerText}\n${aboutText}`;
    expect(DEMO_WORDS.filter((word) => shown.includes(word))).toEqual([]);
    await context.close();
  });

  it('shows prices with GST on cards, in the popup and the cart, and checkout totals to the cent', async () => {
    const context = await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/hire/tableware');
    // Brass Candlestick: $6.00 and $8.00 excluding GST; the shop shows them with its 10%.
    const card = page.getByRole('listitem').filter({ hasText: 'Brass Candlestick' });
    await expect.poll(() => card.locator('.product-card__price').innerText()).toBe('From $6.60 incl. GST');
    await card.getByRole('link').click();
    const dialog = page.getByRole('dialog', { name: 'Brass Candlestick' });
    await dialog.getByRole('radio', { name: 'Large' }).check();
    await expect.poll(() => dialog.locator('.detail__price').innerText()).toBe('$8.80 incl. GST');
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.getByText('Added to cart successfully!').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const drawer = await openCart(page);
    expect(await drawer.locator('.cart-line__price').first().innerText()).toBe('$8.80 incl. GST');
    expect(await drawer.locator('.cart-summary__total').innerText()).toMatch(/Total\s+\$26\.40/);
    expect(await drawer.getByText('Prices include GST.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/checkout');
    const totals = page.locator('.order-summary__totals');
    await expect.poll(() => totals.isVisible()).toBe(true);
    // 3 x $8.00 = $24.00 before GST; its prices show GST, so the line, the total and the GST in it do
    // (issue 47: one price basis after the cart), the cart's total to the cent.
    expect((await totals.innerText()).replace(/\s+/g, ' ')).toBe('Total $26.40');
    expect(await page.getByText('Total includes GST of $2.40').isVisible()).toBe(true);
    expect((await page.locator('.order-summary .cart-line__total').innerText()).trim()).toBe('Line total $26.40');
    expect(await page.locator('.order-summary').innerText()).not.toContain('Subtotal');
    expect(await axeViolations(page)).toEqual([]);
    // The success page keeps the basis: 3 x $8.80 = $26.40, and the GST in the total.
    await fillCheckout(page, `gst-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Submit Order Request' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/success');
    const receipt = page.locator('.receipt__card');
    await expect.poll(() => receipt.locator('.receipt__qty').first().isVisible()).toBe(true);
    expect(await receipt.locator('.receipt__qty').first().innerText()).toBe('3 × $8.80');
    expect(await receipt.locator('.receipt__amount').first().innerText()).toBe('$26.40');
    expect((await receipt.locator('.receipt__totals').innerText()).replace(/\s+/g, ' ')).toBe('Total $26.40');
    expect(await receipt.getByText('Total includes GST of $2.40').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('marks its closed days in the event-date picker', async () => {
    const { closedDays, timeZone } = (await (await fetch(`${server.url}/api/business`)).json()).data as {
      closedDays: { date: string; name: string }[];
      timeZone: string;
    };
    // Its next public holiday more than a week away (New South Wales'), whatever the date today.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const holiday = closedDays.find((day) => day.date > addDays(today, 7) && day.name !== 'Summer break');
    if (!holiday) throw new Error('no public holiday ahead');
    const context = followHydration(
      await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } }),
    );
    const page = await context.newPage();
    await page.goto('/hire/tableware');
    await page
      .getByRole('button', { name: /When is your event|Event date/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'When is your event?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The closed days ahead are listed under the field.
    await expect
      .poll(async () => (await dialog.innerText()).includes('We are closed\n'))
      .toBe(closedDays.some((d) => d.date >= today && d.date <= addDays(today, 90)));
    await dialog.getByLabel('Event date').fill(holiday.date);
    const note = dialog.getByRole('status').filter({ hasText: 'We are closed on' });
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.innerText()).toContain(`(${holiday.name}).`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it.each([390, 1440])('has its own services and a home collage of its own items at %i px', async (width) => {
    const context = await browser().newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    // A service's header link: home, with its screen open.
    await page.goto('/delivery-setup');
    await expect.poll(() => new URL(page.url()).search).toBe('?service=delivery-setup');
    const service = page.getByRole('dialog', { name: 'Delivery & Setup' });
    await expect.poll(() => service.isVisible()).toBe(true);
    expect(await service.innerText()).toContain('Ask for a quote with your venue and guest count.');
    await expect.poll(() => service.getByRole('img', { name: 'Delivery & Setup, 1 of 2' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => service.isVisible()).toBe(false);
    // Its collage: its own items (business.json has none), each linking to its popup, none of the demo's.
    const tiles = page.locator('a.collage__item');
    await expect.poll(() => tiles.count()).toBe(10);
    const links = await tiles.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(links.every((href) => href.startsWith('/hire?type=product-group&id='))).toBe(true);
    expect(await page.locator('[data-collage-id="logo"]').count()).toBe(1);
    // Every photo shows: items' photos have no 280 px size, so none is asked for.
    await expect
      .poll(() =>
        page
          .locator('.collage__item > img')
          .evaluateAll((images) => (images as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0)),
      )
      .toBe(true);
    const home = await page.locator('body').innerText();
    expect(DEMO_WORDS.filter((word) => home.includes(word))).toEqual([]);
    expect(home).not.toMatch(/Event Styling|Faux Florals/);
    // The demo's services are not this shop's.
    expect((await page.request.get('/styling')).status()).toBe(404);
    await context.close();
  });
});
