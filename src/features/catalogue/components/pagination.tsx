import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useSiteOrigin } from '../../../hooks/use-site-origin';
import { pageWindow } from '../pagination';

export interface PaginationProps {
  /** The first and last page on screen (Load More appends pages). */
  first: number;
  last: number;
  pages: number;
  pagePath: (page: number) => string;
}

/**
 * Links to the pages of a listing, for visitors who arrive on page 2 and for crawlers: the first, the
 * last, those around what is shown, previous and next. Also sets rel=prev and rel=next in the head.
 */
export function Pagination({ first, last, pages, pagePath }: PaginationProps) {
  const navigate = useNavigate();
  const origin = useSiteOrigin();
  if (pages < 2) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href: event.currentTarget.getAttribute('href') ?? '/hire' });
  };
  const prev = first > 1 ? pagePath(first - 1) : null;
  const next = last < pages ? pagePath(last + 1) : null;
  return (
    <nav className="pagination" aria-label="Pages">
      {prev && <link rel="prev" href={new URL(prev, origin).href} />}
      {next && <link rel="next" href={new URL(next, origin).href} />}
      {prev && (
        <a href={prev} onClick={follow} className="pagination__step">
          Previous
        </a>
      )}
      <ol>
        {pageWindow(first, last, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own.
            <li key={`gap-${index}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={pagePath(n)}
                onClick={follow}
                aria-label={`Page ${n}`}
                aria-current={n === first ? 'page' : undefined}
                className={n >= first && n <= last ? 'pagination__page pagination__page--shown' : 'pagination__page'}
              >
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      {next && (
        <a href={next} onClick={follow} className="pagination__step">
          Next
        </a>
      )}
    </nav>
  );
}
