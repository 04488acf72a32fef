import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { axeViolations, baseUrl, bookAsAnotherShopper, newPage, serverDb, sharedBrowser } from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/**
 * Issue 61 in a browser: the team sends a request as a quote; the customer opens it from the email,
 * and signs the hire agreement where the business asks for a signature: refused with the name alone,
 * then drawn with the pointer (390 px), or with the keyboard alone by typing the name (1440 px).
 * The workspace then lists the acceptance. Axe clean.
 */
const browser = sharedBrowser();
const OWNER = `quote-owner-${randomUUID().slice(0, 8)}@example.com`;
let db: Awaited<ReturnType<typeof serverDb>>;
let productId: string;
beforeAll(async () => {
  db = await serverDb();
  await addTeamMember(db, OWNER);
  const product = await db.execute(
    'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 20 ORDER BY id LIMIT 1',
  );
  productId = String(product.rows[0]?.id);
  await db.execute(
    `UPDATE business_settings SET settings = json_set(settings, '$.payments.signature_required', json('true')) WHERE id = 1`,
  );
});
afterAll(async () => {
  await db?.execute(
    `UPDATE business_settings SET settings = json_remove(settings, '$.payments.signature_required') WHERE id = 1`,
  );
  db?.close();
});

/** A request sent as a quote from its page in the workspace: its id and its booking page's path. */
async function quoted(page: Page, weeksOut: number) {
  const order = await bookAsAnotherShopper(productId, 2, weekdayAhead(SATURDAY, weeksOut));
  await page.goto(`/team/requests/${order.id}`);
  if (new URL(page.url()).pathname === '/team/sign-in') await signInHere(page, db, OWNER);
  await page.getByRole('button', { name: 'Send as a quote' }).click();
  await page.getByText('Quote sent: the customer has been emailed it').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const mail = await db.execute({
    sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent'",
    args: [order.id],
  });
  const path = /\/booking\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(String(mail.rows[0]?.text))?.[0] ?? '';
  expect(path).not.toBe('');
  return { id: order.id, path };
}

const accepted = async (id: string) =>
  (
    await db.execute({
      sql: 'SELECT signature_kind AS kind, quote_version AS version FROM terms_acceptances WHERE order_id = ?',
      args: [id],
    })
  ).rows;

describe('a quote signed on the booking page', () => {
  it('is signed with the pointer; the name alone is refused (390 px)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    const quote = await quoted(page, 47);
    await page.goto(quote.path);
    await page.getByRole('heading', { name: 'Your quote', level: 1 }).waitFor();
    await page.getByLabel('Your full name').fill('Ana Signer');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await expect.poll(() => page.getByText('your name alone is not a signature here').isVisible()).toBe(true);
    expect(await accepted(quote.id)).toHaveLength(0);
    expect(await axeViolations(page)).toEqual([]);
    // Drawn with the pointer, as a mouse, a finger or a pen draws it.
    const pad = page.locator('canvas.signature__pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature box');
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(box.x + 20 + i * 22, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)), { steps: 3 });
    }
    await page.mouse.up();
    await expect.poll(() => pad.getAttribute('aria-label')).toBe('Signature box, signed');
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await expect.poll(() => accepted(quote.id)).toEqual([{ kind: 'drawn', version: 1 }]);
    await expect.poll(() => page.getByText('You accepted this quote').isVisible()).toBe(true);
    await page.getByText(/You signed quote version 1 and our terms on .+ as Ana Signer\./).waitFor();
    await page.getByRole('link', { name: 'Download the signed agreement (PDF)' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('is signed with the keyboard alone by typing the name (1440 px)', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    const quote = await quoted(page, 48);
    await page.goto(quote.path);
    await page.getByRole('heading', { name: 'Your quote', level: 1 }).waitFor();
    const name = page.getByLabel('Your full name');
    await name.focus();
    await page.keyboard.type('Kiri Keyboard');
    // Tab to the signature's choice, and choose to sign by typing with the arrow key.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('radio');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.signature__typed').innerText()).toBe('Kiri Keyboard');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    // On past the terms' link in the tick's words, to the button.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Accept the quote') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept the quote');
    await page.keyboard.press('Enter');
    await expect.poll(() => accepted(quote.id)).toEqual([{ kind: 'typed', version: 1 }]);
    await expect.poll(() => page.getByText('You accepted this quote').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The workspace lists it, with the signed agreement to download.
    await page.goto(`/team/requests/${quote.id}`);
    await page.getByText('accepted by Kiri Keyboard').waitFor();
    await page.getByRole('link', { name: 'Signed agreement (PDF)' }).waitFor();
    await context.close();
  });

  it('is signed before the page’s script runs, by ticking to adopt the typed name', async () => {
    const { context: team, page: teamPage } = await newPage(browser(), { width: 1280, height: 900 });
    const quote = await quoted(teamPage, 49);
    await team.close();
    const context = await browser().newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(quote.path);
    await page.getByLabel('Your full name').fill('Noa Noscript');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    // The name alone: back to the page, which says why; nothing recorded.
    await page.getByText('your name alone is not a signature here').waitFor();
    expect(new URL(page.url()).searchParams.get('problem')).toBe('sign');
    expect(await accepted(quote.id)).toHaveLength(0);
    await page.getByLabel('Your full name').fill('Noa Noscript');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('checkbox', { name: /Sign by typing/ }).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await page.getByText('You accepted this quote').waitFor();
    expect(await accepted(quote.id)).toEqual([{ kind: 'typed', version: 1 }]);
    await context.close();
  });
});
