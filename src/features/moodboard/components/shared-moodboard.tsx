import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Thumb } from '../../../components/ui/thumb';
import { useBusiness } from '../../../hooks/use-business';
import type { CartLineDraft } from '../../../lib/cart-line';
import { decodeBoard } from '../../../lib/moodboard-link';
import { useCart } from '../../cart';
import { formatMoney, resolveLine } from '../../catalogue';
import { saveBoardLayout } from '../moodboard-storage';
import { layoutFromShared } from '../share-board';
import { type BoardLayout, cartBoardLayoutAtom, EMPTY_LAYOUT } from '../state/moodboard-atoms';
import { MoodboardDialog } from './moodboard-dialog';

type Lookup = { state: 'loading' } | { state: 'failed' } | { state: 'done'; lines: (CartLineDraft | null)[] };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A moodboard opened from a shared link: the board straight away, then a page listing its items with
 * an offer to add them to the cart. The link names items by id; the catalogue says what they are now.
 */
export default function SharedMoodboard({ board }: { board: string | undefined }) {
  const business = useBusiness();
  const decoded = useMemo(() => decodeBoard(board), [board]);
  const queryClient = useQueryClient();
  const cart = useCart();
  const store = useStore();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [layout, setLayout] = useState<BoardLayout | null>(null);
  const [open, setOpen] = useState(decoded !== null);
  const [added, setAdded] = useState<number | null>(null);

  const find = useCallback(async () => {
    if (!decoded) return;
    setLookup({ state: 'loading' });
    try {
      const lines = await Promise.all(decoded.lines.map((line) => resolveLine(queryClient, line)));
      setLayout(layoutFromShared(decoded, lines));
      setLookup({ state: 'done', lines });
    } catch (error) {
      console.error('Could not look up the shared moodboard', error);
      setLookup({ state: 'failed' });
    }
  }, [decoded, queryClient]);
  useEffect(() => {
    void find();
  }, [find]);

  const lines = lookup.state === 'done' ? lookup.lines.filter((line) => line !== null) : null;
  const dropped = (decoded?.dropped ?? 0) + (lookup.state === 'done' ? lookup.lines.length - (lines?.length ?? 0) : 0);

  const addAll = async () => {
    if (!lines) return;
    const units = await cart.addAll(lines);
    // The cart's own board starts from this one's layout.
    const current = store.get(cartBoardLayoutAtom) ?? EMPTY_LAYOUT;
    const next = {
      placements: { ...current.placements, ...layout?.placements },
      front: [...current.front.filter((id) => !layout?.front.includes(id)), ...(layout?.front ?? [])],
    };
    store.set(cartBoardLayoutAtom, next);
    void saveBoardLayout(next);
    setAdded(units);
  };

  const notice =
    dropped > 0 ? (
      <p className="moodboard-notice" role="status">
        {plural(dropped, 'item', 'items')} from this link {dropped === 1 ? 'is' : 'are'} no longer available or could
        not be read, and {dropped === 1 ? 'was' : 'were'} left out.
      </p>
    ) : null;
  const addButton = (
    <button type="button" className="button" disabled={!lines || lines.length === 0} onClick={() => void addAll()}>
      Add these items to cart
    </button>
  );

  return (
    <div className="page shared-moodboard">
      <h1>Shared Moodboard</h1>
      {!decoded ? (
        <p>
          This moodboard link could not be read: it may have been cut short when it was copied. Ask for the link again,
          or <Link to="/hire">browse our collection</Link>.
        </p>
      ) : lookup.state === 'failed' ? (
        <p role="alert">
          We could not load this moodboard. Check your connection and try again.{' '}
          <button type="button" className="button button--ghost" onClick={() => void find()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          {notice}
          {lines && (
            <>
              <p>
                {plural(lines.length, 'item', 'items')} from a {business.name} moodboard. Prices and availability are
                today&rsquo;s.
              </p>
              <ul className="shared-moodboard__items">
                {lines.map((line) => (
                  <li key={`${line.id}-${line.isBundle}-${line.bundleVariations.map((v) => v.productId).join('.')}`}>
                    <Thumb src={line.photo_url} size={56} />
                    <span>
                      {line.name}
                      {line.isBundle && <span className="shared-moodboard__tag"> Bundle</span>}
                      {line.bundleVariations.length > 0 && (
                        <small> with {line.bundleVariations.map((v) => v.displayName).join(', ')}</small>
                      )}
                    </span>
                    <span className="shared-moodboard__price">
                      {line.stock_count < 1 ? 'Out of stock' : `${line.quantity} × ${formatMoney(line.priceCents)}`}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="shared-moodboard__actions">
            <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
              Open the board
            </button>
            {addButton}
          </div>
          {added !== null && (
            <p role="status">
              {added > 0
                ? `${plural(added, 'item was', 'items were')} added to your cart.`
                : 'Your cart already holds everything available from this board.'}
            </p>
          )}
          <MoodboardDialog
            open={open}
            onClose={() => setOpen(false)}
            lines={lines}
            layout={layout}
            onLayout={(change) => setLayout((current) => change(current ?? EMPTY_LAYOUT))}
            notice={notice}
            actions={addButton}
          />
        </>
      )}
    </div>
  );
}
