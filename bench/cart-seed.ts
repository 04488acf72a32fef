import type { Page } from 'playwright-core';
import type { BenchContext } from './context';

interface Resource {
  id: string;
  attributes: { name: string; photo_url: string | null; base_price_in_cents: number; archived: boolean };
}

/** `count` product lines (one per product group, each with a photo), as the cart stores them. */
export async function cartLines(ctx: BenchContext, count: number) {
  const list = (await (await fetch(`${ctx.baseUrl}/api/product_groups?per_page=${count + 10}`)).json()) as {
    data: Resource[];
  };
  const lines = [];
  for (const group of list.data) {
    if (lines.length >= count) break;
    const detail = (await (await fetch(`${ctx.baseUrl}/api/product-groups/${group.id}`)).json()) as {
      included: Resource[];
    };
    const product = detail.included.find((p) => !p.attributes.archived && p.attributes.photo_url);
    if (!product) continue;
    lines.push({
      id: product.id,
      name: product.attributes.name,
      priceCents: product.attributes.base_price_in_cents,
      photo_url: product.attributes.photo_url,
      stock_count: 5,
      quantity: 1,
      isBundle: false,
      bundleVariations: [],
      productGroupId: group.id,
      cartId: `product_${product.id}_group_${group.id}`,
    });
  }
  return lines;
}

/** Puts a cart straight into the page's IndexedDB (the store idb-keyval keeps it in), then reloads. */
export async function seedCart(page: Page, items: unknown[]): Promise<void> {
  await page.evaluate(
    (record) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('storefront-cart');
        open.onupgradeneeded = () => open.result.createObjectStore('cart');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('cart', 'readwrite');
          tx.objectStore('cart').put(record, 'cart');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { version: 2, updatedAt: Date.now(), items },
  );
  await page.reload();
}

/** Opens the cart's moodboard and waits for its cards. */
export async function openMoodboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Cart, / }).click();
  await page.getByRole('button', { name: 'Create Moodboard' }).click();
  await page
    .getByRole('dialog', { name: 'Your Moodboard' })
    .locator('.moodboard-card')
    .first()
    .waitFor({ timeout: 60_000 });
}
