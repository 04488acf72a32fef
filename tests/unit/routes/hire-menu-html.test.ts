import { describe, expect, it } from 'vitest';
import type { MenuGroup } from '../../../src/lib/api-contract/categories';
import { hireMenuGroupsHtml } from '../../../src/routes/-components/hire-menu-html';

const groups: MenuGroup[] = [
  { key: 'tables', title: 'Tables & Chairs', links: [{ key: 'tables', name: 'Tables' }] },
  {
    key: 'decor',
    title: 'Decor',
    links: [
      { key: 'vases', name: 'Vases <"glass">' },
      { key: 'a b', name: "Bride's table" },
    ],
  },
];

describe('hireMenuGroupsHtml', () => {
  it('gives the desktop panel a labelled section and a heading per group, a link per category', () => {
    const html = hireMenuGroupsHtml(groups, false);
    const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
    const sections = [...doc.querySelectorAll('section.hire-menu__group')];
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['Tables & Chairs', 'Decor']);
    expect(sections.map((s) => s.querySelector('h2')?.textContent)).toEqual(['Tables & Chairs', 'Decor']);
    const links = [...doc.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['/hire/tables', 'Tables'],
      ['/hire/vases', 'Vases <"glass">'],
      ['/hire/a%20b', "Bride's table"],
    ]);
  });

  it('gives the phone menu a native disclosure per group', () => {
    const doc = new DOMParser().parseFromString(`<div>${hireMenuGroupsHtml(groups, true)}</div>`, 'text/html');
    expect([...doc.querySelectorAll('details > summary')].map((s) => s.textContent)).toEqual([
      'Tables & Chairs',
      'Decor',
    ]);
    expect(doc.querySelectorAll('details ul.menu-list li a')).toHaveLength(3);
  });

  it('escapes names, so no category name becomes markup', () => {
    const html = hireMenuGroupsHtml(groups, false);
    expect(html).not.toContain('<"glass">');
    expect(html).toContain('Vases &lt;&quot;glass&quot;&gt;');
  });
});
