import { useAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { moodboardOpenAtom } from '../../../lib/ui-state';
import { useCart } from '../../cart';
import { loadBoardLayout, saveBoardLayout } from '../moodboard-storage';
import { type BoardLayout, cartBoardLayoutAtom, EMPTY_LAYOUT } from '../state/moodboard-atoms';
import { MoodboardDialog } from './moodboard-dialog';

/**
 * The board of the cart's photos. Its layout is kept while the app is open and stored in IndexedDB,
 * so reopening it, or reopening the app, shows the cards where they were left.
 */
export default function CartMoodboard() {
  const [open, setOpen] = useAtom(moodboardOpenAtom);
  const [layout, setLayout] = useAtom(cartBoardLayoutAtom);
  const store = useStore();
  const cart = useCart();

  useEffect(() => {
    if (open && layout === null) void loadBoardLayout().then((stored) => setLayout((current) => current ?? stored));
  }, [open, layout, setLayout]);

  const update = (change: (current: BoardLayout) => BoardLayout) => {
    const current = store.get(cartBoardLayoutAtom) ?? EMPTY_LAYOUT;
    const next = change(current);
    if (next === current) return;
    store.set(cartBoardLayoutAtom, next);
    void saveBoardLayout(next);
  };

  return (
    <MoodboardDialog
      open={open}
      onClose={() => setOpen(false)}
      lines={cart.hydrated ? cart.items : null}
      layout={layout}
      onLayout={update}
    />
  );
}
