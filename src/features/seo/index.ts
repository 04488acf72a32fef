export { LocalBusinessJsonLd, ProductJsonLd } from './components/json-ld';
export { PageMeta, type PageMetaProps, type PreviewImage, previewImage } from './components/page-meta';
export {
  type ListedText,
  listedTextFromJsonLd,
  omitListedText,
  restoreListedText,
  type TransferredQuery,
} from './listing-transfer';
export {
  type Crumb,
  itemPath,
  type ListedItem,
  listingDescription,
  listingPath,
  listingTitle,
} from './seo-rules';
