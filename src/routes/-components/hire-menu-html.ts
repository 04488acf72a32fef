import { html } from 'hono/html';
import type { MenuGroup } from '../../lib/api-contract/categories';

/** Markup from synchronous parts only: every interpolated string escaped by construction. */
const markup = html as (strings: TemplateStringsArray, ...values: unknown[]) => string;

/**
 * The hire menu's groups of category links as static HTML (45 links, twice on every page). React
 * renders it as inner HTML, so hydration never walks it: the links are plain anchors, the phone
 * menu's groups native <details>, and one click handler on the menu keeps plain clicks in the app.
 */
export function hireMenuGroupsHtml(groups: readonly MenuGroup[], collapsible: boolean): string {
  return groups
    .map((group) => {
      const links = group.links.map(
        ({ key, name }) => markup`<li><a href="/hire/${encodeURIComponent(key)}">${name}</a></li>`,
      );
      const list = markup`<ul class="menu-list">${links}</ul>`;
      return String(
        collapsible
          ? markup`<details class="hire-menu__group"><summary>${group.title}</summary>${list}</details>`
          : markup`<section class="hire-menu__group" aria-label="${group.title}"><h2 class="hire-menu__title">${group.title}</h2>${list}</section>`,
      );
    })
    .join('');
}
