import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { isNetworkError } from '../../../lib/http';
import { mobileMenuOpenAtom } from '../../../lib/ui-state';
import type { AddToCart, InCart } from '../add-to-cart';
import { useBundle } from '../api/get-bundle';
import { usePhotos } from '../api/get-photos';
import { useProductGroup } from '../api/get-product-group';
import { InvalidResponseError } from '../api/validate';
import { type DisplayProduct, type ItemType, toDisplayProduct } from '../display-product';
import { findCachedItem } from '../find-cached-item';
import { BundleOptions } from './bundle-options';
import { PhotoGallery } from './photo-gallery';
import { ProductGroupOptions } from './product-group-detail';
import './item-dialog.css';

export interface ItemDialogProps {
  type: ItemType;
  id: string;
  onClose: () => void;
  onAdd: AddToCart;
  inCart: InCart;
}

/** Spec section 8: the dialog of a direct link that cannot be shown; Close removes the parameters. */
export function ItemErrorDialog({
  invalid = false,
  offline = false,
  onClose,
}: {
  invalid?: boolean;
  offline?: boolean;
  onClose: () => void;
}) {
  return (
    // The spec's Close button is the one way out besides Escape: no second 'Close' in the corner.
    <Dialog open onClose={onClose} title="Error" size="small" closable={false}>
      <p>{invalid ? 'Could not load the requested item - invalid response' : 'Could not load the requested item'}</p>
      {offline && <p>You are offline, and this item has not been saved on this device yet.</p>}
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </Dialog>
  );
}

/**
 * The item detail popup of spec section 2, opened by the type and id query parameters. A card click
 * opens it at once with the card's data; a direct link shows 'Loading item...' until the item loads,
 * and the 'Error' dialog when it cannot.
 */
export function ItemDialog({ type, id, onClose, onAdd, inCart }: ItemDialogProps) {
  const queryClient = useQueryClient();
  const closeMobileMenu = useSetAtom(mobileMenuOpenAtom);
  useEffect(() => closeMobileMenu(false), [closeMobileMenu]);
  // The chosen variation's own photo, shown in the gallery when it has one.
  const [variationPhoto, setVariationPhoto] = useState<string | null>(null);

  const group = useProductGroup(type === 'product-group' ? id : null);
  const bundle = useBundle(type === 'bundle' ? id : null);
  const photos = usePhotos(id);
  const detail = type === 'bundle' ? bundle : group;

  useEffect(() => {
    if (detail.error) console.error('Could not load item details', detail.error);
  }, [detail.error]);

  const cached = findCachedItem(queryClient, type, id);
  const loaded =
    type === 'bundle'
      ? bundle.data && toDisplayProduct(bundle.data.bundle)
      : group.data && toDisplayProduct(group.data.group);
  const summary: DisplayProduct | null | undefined = cached ?? loaded;

  if (!summary) {
    if (detail.isError) {
      return (
        <ItemErrorDialog
          invalid={detail.error instanceof InvalidResponseError}
          offline={isNetworkError(detail.error)}
          onClose={onClose}
        />
      );
    }
    return (
      <Dialog open onClose={onClose} title="Loading item..." size="small" closable={false}>
        <div className="spinner" role="progressbar" aria-label="Loading item..." />
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title={summary.groupName} size="large" className="item-dialog">
      <div className="detail split">
        <PhotoGallery
          photos={photos.data ?? []}
          fallback={summary.photo_url}
          name={summary.groupName}
          show={variationPhoto}
        />
        <div className="detail__info">
          {summary.isBundle && <span className="tag tag--inline">Bundle</span>}
          {type === 'bundle' ? (
            <BundleOptions summary={summary} detail={bundle.data} onAdd={onAdd} inCart={inCart} />
          ) : (
            <ProductGroupOptions
              summary={summary}
              detail={group.data}
              onAdd={onAdd}
              inCart={inCart}
              onPhoto={setVariationPhoto}
            />
          )}
          {detail.isPending && (
            <div className="spinner spinner--small" role="progressbar" aria-label="Loading options" />
          )}
          <p className="detail__description">{summary.description}</p>
        </div>
      </div>
    </Dialog>
  );
}
