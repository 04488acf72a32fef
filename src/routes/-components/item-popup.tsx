import { lazy, Suspense, useEffect } from 'react';
import type { ItemSearch } from './item-search';

const loadDialog = () => import('./item-popup-dialog');
const ItemPopupDialog = lazy(() => loadDialog().then((module) => ({ default: module.ItemPopupDialog })));

/**
 * The detail popup of a listing or the search page. Its code (the dialog, its cart wiring and date
 * picker: about 10 KB compressed) is not part of the page's hydration: it loads right after, so the
 * first card a shopper opens has it, or at once when the page opens on an item (the server's HTML of
 * the open popup stays on screen until it has).
 */
export function ItemPopup({ type, id }: ItemSearch) {
  useEffect(() => {
    void loadDialog().catch(() => undefined);
  }, []);
  if (type === undefined && id === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ItemPopupDialog type={type} id={id} />
    </Suspense>
  );
}
