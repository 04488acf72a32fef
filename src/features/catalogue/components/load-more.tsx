export interface LoadMoreProps {
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
}

/** Spec section 2: 'Load More ({shown} of {total})' appends the next page. */
export function LoadMore({ shown, total, loading, onLoadMore }: LoadMoreProps) {
  return (
    <div className="load-more">
      <button type="button" className="button button--ghost" disabled={loading} onClick={onLoadMore}>
        {loading ? 'Loading...' : `Load More (${shown} of ${total})`}
      </button>
    </div>
  );
}
