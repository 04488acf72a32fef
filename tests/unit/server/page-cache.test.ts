import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, inlineScriptHashes, templateOf } from '../../../server/render/page-cache';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('rendered page templates', () => {
  it('hashes each inline script exactly as it stands between its tags, not scripts with a src', () => {
    const start = '(function(){document.documentElement.dataset.x="a&amp;b"})()';
    const data = '\n  window.$_TSR = {"a":"<\\/p>"};\n';
    const html = `<html><head><script>${start}</script><script type="module" src="/entry.js"></script></head><body><script class="$tsr" id="x">${data}</script><script src='/y.js'></script><script>${start}</script></body></html>`;
    // Raw text (the entity is not decoded), whitespace kept, each script once.
    expect(inlineScriptHashes(html)).toEqual([sha256(start), sha256(data)]);
    // One character changed is another hash: an edited script is refused.
    expect(inlineScriptHashes(html.replace('"a"', '"b"'))).not.toContain(sha256(data));
  });

  it('keeps the page and its gzip, which unzips to exactly the page', async () => {
    const cards = Array.from({ length: 400 }, (_, i) => `<li class="card"><h2>Item ${i}</h2></li>`).join('');
    const html = `<!DOCTYPE html><html><body><ul>${cards}</ul><script>a()</script></body></html>`;
    const template = await templateOf(200, { location: '/x' }, html);
    expect(template.body.toString()).toBe(html);
    expect(gunzipSync(template.gzipped).equals(template.body)).toBe(true);
    expect(template.gzipped.length).toBeLessThan(template.body.length / 4);
    expect(template.scriptHashes).toEqual([sha256('a()')]);
  });

  it('renders a page once for visitors asking at the same time, and again for a new data version', async () => {
    const cache = createPageCache(1024 * 1024);
    let renders = 0;
    const render = async () => {
      renders++;
      return templateOf(200, {}, `<p>${renders}</p>`);
    };
    const [a, b] = await Promise.all([cache.get(1, 'page /', render), cache.get(1, 'page /', render)]);
    expect(a).toBe(b);
    expect(renders).toBe(1);
    await cache.get(2, 'page /', render);
    expect(renders).toBe(2);
  });
});
