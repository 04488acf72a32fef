export { formatMoney, priceText, shownCents } from '../../lib/api-contract/money';
export type { AddToCart, AddToCartRequest, InCart } from './add-to-cart';
export {
  bundleRequest,
  type CatalogueRequest,
  listingPageRequest,
  photosRequest,
  productGroupRequest,
  requestUrl,
} from './api/catalogue-requests';
export { bundleQueryOptions } from './api/get-bundle';
export { cataloguePageQueryOptions, getCataloguePage, type ListingSource } from './api/get-catalogue-page';
export { photosQueryOptions } from './api/get-photos';
export { productGroupQueryOptions } from './api/get-product-group';
export { type BrowsedItem, browsedItems } from './browsed-items';
export { CatalogueListing } from './components/catalogue-listing';
export { ItemDialog, ItemErrorDialog } from './components/item-dialog';
export { LoadMore } from './components/load-more';
export { ProductGrid, ProductGridSkeleton } from './components/product-grid';
export { type DisplayProduct, type ItemType, isItemType, toDisplayProduct, toListedItem } from './display-product';
export { isPastEnd, LISTING_PAGE_SIZE, parsePageParam } from './pagination';
export { type LineRef, resolveLine } from './resolve-line';
export { type LinkPreview, useLinkPreview } from './use-link-preview';
export { usePriceText } from './use-price-text';
