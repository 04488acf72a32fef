import type { MenuGroup } from '../../lib/api-contract/categories';
import { escapeHtml } from '../../lib/api-contract/escape-html';

/**
 * The hire menu's groups of category links as static HTML (45 links, twice on every page). React
 * renders it as inner HTML, so hydration never walks it: the links are plain anchors, the phone
 * menu's groups native <details>, and one click handler on the menu keeps plain clicks in the app.
 */
export function hireMenuGroupsHtml(groups: readonly MenuGroup[], collapsible: boolean): string {
  return groups
    .map((group) => {
      const links = group.links
        .map(
          ({ key, name }) => `<li><a href="/hire/${escapeHtml(encodeURIComponent(key))}">${escapeHtml(name)}</a></li>`,
        )
        .join('');
      const list = `<ul class="menu-list">${links}</ul>`;
      const title = escapeHtml(group.title);
      return collapsible
        ? `<details class="hire-menu__group"><summary>${title}</summary>${list}</details>`
        : `<section class="hire-menu__group" aria-label="${title}"><h2 class="hire-menu__title">${title}</h2>${list}</section>`;
    })
    .join('');
}
