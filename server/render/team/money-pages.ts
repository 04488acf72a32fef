import { type Html, html } from './html';

/** Rows a page in each of the Money page's lists (owed to the business, to pay back). */
export const MONEY_PAGE_ROWS = 50;

/** The page shown of each list: `?in=` and `?out=` in the address, 1 when absent. */
export interface MoneyPages {
  in: number;
  out: number;
}

/** The pages asked for in a query, each a whole number from 1 (anything else is the first page). */
export function moneyPagesOf(query: Record<string, string | undefined>): MoneyPages {
  const page = (value: string | undefined) => (/^[1-9]\d{0,5}$/.test(value ?? '') ? Number(value) : 1);
  return { in: page(query.in), out: page(query.out) };
}

/** One list's Previous and Next, keeping the other list's page; each lands on its own list. */
export function pager(direction: keyof MoneyPages, page: number, count: number, pages: MoneyPages): Html | '' {
  if (count <= 1) return '';
  const href = (n: number) => {
    const next = { ...pages, [direction]: n };
    const params = new URLSearchParams();
    if (next.in > 1) params.set('in', String(next.in));
    if (next.out > 1) params.set('out', String(next.out));
    const search = params.toString();
    return `/team/money${search ? `?${search}` : ''}#money-${direction}`;
  };
  const label = direction === 'in' ? 'Pages of what is owed to you' : 'Pages of what is to pay back';
  return html`<nav class="pager" aria-label="${label}">${page > 1 ? html`<a class="button quiet" href="${href(page - 1)}">Previous</a>` : html`<span></span>`}
<span>Page ${page} of ${count}</span>
${page < count ? html`<a class="button quiet" href="${href(page + 1)}">Next</a>` : html`<span></span>`}</nav>`;
}
