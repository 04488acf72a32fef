import { describe, expect, it } from 'vitest';
import demoBusiness from '../../server/seed/demo-business.json';
import { markdownHtml } from '../../server/services/markdown';
import { makeTestApp } from './helpers';

describe("the business's Markdown (terms, about)", () => {
  it('renders headings from level 2, lists, emphasis and safe links', () => {
    expect(markdownHtml('# Hire\n\n## Bond\n\n- *one*\n- two\n\n[Call us](tel:+61255502184)')).toBe(
      '<h2>Hire</h2>\n<h2>Bond</h2>\n<ul>\n<li><em>one</em></li>\n<li>two</li>\n</ul>\n<p><a href="tel:+61255502184">Call us</a></p>\n',
    );
    expect(markdownHtml('[Instagram](https://instagram.com/x)')).toContain(
      '<a href="https://instagram.com/x" rel="noopener noreferrer">Instagram</a>',
    );
    expect(markdownHtml('   ')).toBe('');
  });

  it('shows HTML written in it as text, and drops unsafe links and images', () => {
    const html = markdownHtml(
      'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](//evil.example) ![p](/a.png)\n\n<div onclick="x">raw</div>',
    );
    expect(html).not.toMatch(/<script|<img|<div|href="javascript|href="\/\/evil/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;div onclick=&quot;x&quot;&gt;raw&lt;/div&gt;');
  });

  it("gives the demo's terms page the spec's terms of hire (point 9)", async () => {
    const html = markdownHtml(demoBusiness.terms);
    for (const heading of ['Bond', 'Deposit and payment', 'Cancellation', 'Loss or damage', 'Late returns', 'Setup']) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    for (const text of [
      'It is the greater of $50 or 20% of the hire cost.',
      'A 50% non-refundable deposit is needed to book.',
      'We accept payment by cash, bank transfer or card.',
      'Payments for lost or damaged items are due within 48 hours of the return due date.',
      'A late fee of 10% of the hire cost is charged for each day late, taken from the bond.',
      'Hire rates exclude setup.',
    ]) {
      expect(html).toContain(text);
    }
    const t = await makeTestApp();
    try {
      const served = (await t.json<{ data: { terms: string; termsHtml: string } }>('/api/business')).body.data;
      expect(served.termsHtml).toBe(html);
      // Pages get the HTML only: the Markdown would double what every page carries.
      expect(served.terms).toBe('');
    } finally {
      await t.close();
    }
  });
});

describe('markdownLead', () => {
  it('gives the first paragraph as plain text', async () => {
    const { markdownLead } = await import('../../server/services/markdown');
    expect(markdownLead('## Us\n\nWe hire **arches** & [plinths](/hire/plinths).\n\nMore.')).toBe(
      'We hire arches & plinths.',
    );
  });
});
