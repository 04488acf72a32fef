import { deflateRawSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fillTemplate, gzipTemplate, NONCE_PLACEHOLDER, newNonce, templateOf } from '../../../server/render/page-cache';

const page = (body: string) =>
  `<!DOCTYPE html><html><head><script nonce="${NONCE_PLACEHOLDER}">a()</script></head><body>${body}<script nonce="${NONCE_PLACEHOLDER}" src="/x.js"></script></body></html>`;

describe('rendered page templates', () => {
  it('puts the nonce wherever the placeholder stood, and nowhere else', async () => {
    const template = await templateOf(200, {}, page('<p>hello</p>'));
    const nonce = newNonce();
    const html = fillTemplate(template, nonce).toString();
    expect(html.split(`nonce="${nonce}"`)).toHaveLength(3);
    expect(html).not.toContain(NONCE_PLACEHOLDER);
  });

  it('gzips to exactly the filled page, for a small page and one of many repeated cards', async () => {
    const cards = Array.from(
      { length: 400 },
      (_, i) => `<li class="card"><h2>Item ${i}</h2><p>${'prop '.repeat(i % 17)}</p></li>`,
    );
    // The last page holds the byte the deflater stands in for nonces: it is deflated piece by piece.
    for (const body of ['', '<p>hello</p>', `<ul>${cards.join('')}</ul>`, `<p>\u0001${cards.join('')}</p>`]) {
      const template = await templateOf(200, {}, page(body));
      const nonce = newNonce();
      const zipped = gzipTemplate(template, nonce);
      expect(gunzipSync(zipped).equals(fillTemplate(template, nonce))).toBe(true);
    }
  });

  it('compresses a large page to a fraction of its size, and each answer differs only by its nonce', async () => {
    const cards = Array.from({ length: 400 }, (_, i) => `<li class="card"><h2>Item ${i}</h2></li>`).join('');
    const template = await templateOf(200, {}, page(`<ul>${cards}</ul>`));
    const plain = fillTemplate(template, newNonce());
    const first = gzipTemplate(template, newNonce());
    const second = gzipTemplate(template, newNonce());
    expect(first.length).toBeLessThan(plain.length / 4);
    expect(first.length).toBe(second.length);
    expect(gunzipSync(first).equals(gunzipSync(second))).toBe(false);
  });

  it('lets a piece refer back across a nonce: a page that repeats itself between nonces costs little more', async () => {
    const cards = Array.from({ length: 200 }, (_, i) => `<li class="card"><h2>Item ${i}</h2></li>`).join('');
    // The hydration data after the last nonce repeats what the cards said before it.
    const body = `<ul>${cards}</ul><script nonce="${NONCE_PLACEHOLDER}">/*${cards}*/</script>`;
    const once = gzipTemplate(await templateOf(200, {}, page(`<ul>${cards}</ul>`)), newNonce());
    const template = await templateOf(200, {}, page(body));
    const nonce = newNonce();
    const twice = gzipTemplate(template, nonce);
    expect(gunzipSync(twice).equals(fillTemplate(template, nonce))).toBe(true);
    // Deflated apart, the repeat would cost about what the cards cost the first time.
    expect(twice.length - once.length).toBeLessThan(deflateRawSync(cards).length / 3);
  });

  it('refuses a nonce of another length, which would shift every later reference', async () => {
    const template = await templateOf(200, {}, page('<p>hello</p>'));
    expect(() => gzipTemplate(template, 'short')).toThrow(/24 bytes/);
  });
});
