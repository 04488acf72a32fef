import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fillTemplate, gzipTemplate, NONCE_PLACEHOLDER, newNonce, templateOf } from '../../../server/render/page-cache';

const page = (body: string) =>
  `<!DOCTYPE html><html><head><script nonce="${NONCE_PLACEHOLDER}">a()</script></head><body>${body}<script nonce="${NONCE_PLACEHOLDER}" src="/x.js"></script></body></html>`;

describe('rendered page templates', () => {
  it('puts the nonce wherever the placeholder stood, and nowhere else', () => {
    const template = templateOf(200, {}, page('<p>hello</p>'));
    const nonce = newNonce();
    const html = fillTemplate(template, nonce).toString();
    expect(html.split(`nonce="${nonce}"`)).toHaveLength(3);
    expect(html).not.toContain(NONCE_PLACEHOLDER);
  });

  it('gzips to exactly the filled page, for a small page and one of many repeated cards', () => {
    const cards = Array.from(
      { length: 400 },
      (_, i) => `<li class="card"><h2>Item ${i}</h2><p>${'prop '.repeat(i % 17)}</p></li>`,
    );
    for (const body of ['', '<p>hello</p>', `<ul>${cards.join('')}</ul>`]) {
      const template = templateOf(200, {}, page(body));
      const nonce = newNonce();
      const zipped = gzipTemplate(template, nonce);
      expect(gunzipSync(zipped).equals(fillTemplate(template, nonce))).toBe(true);
    }
  });

  it('compresses a large page to a fraction of its size, and each answer differs only by its nonce', () => {
    const cards = Array.from({ length: 400 }, (_, i) => `<li class="card"><h2>Item ${i}</h2></li>`).join('');
    const template = templateOf(200, {}, page(`<ul>${cards}</ul>`));
    const plain = fillTemplate(template, newNonce());
    const first = gzipTemplate(template, newNonce());
    const second = gzipTemplate(template, newNonce());
    expect(first.length).toBeLessThan(plain.length / 4);
    expect(first.length).toBe(second.length);
    expect(gunzipSync(first).equals(gunzipSync(second))).toBe(false);
  });
});
