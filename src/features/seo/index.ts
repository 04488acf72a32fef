export { LocalBusinessJsonLd, ProductJsonLd } from './components/json-ld';
export { PageMeta, type PageMetaProps, type PreviewImage, previewImage } from './components/page-meta';
export { type ListedItem, listingDescription, listingPath, listingTitle } from './seo-rules';
