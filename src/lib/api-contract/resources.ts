import type { PaymentSchedule } from './payment-terms';
/** JSON:API response shapes of spec section 3, as the server sends them. */
export interface Inventory {
  available: number;
  stock_count: number;
  plannable: number;
}

export interface Resource<TType extends string, TAttributes, TRelationships = undefined> {
  id: string;
  type: TType;
  attributes: TAttributes;
  relationships?: TRelationships;
}

export interface CatalogueAttributes {
  name: string;
  description: string;
  photo_url: string | null;
  base_price_in_cents: number;
  archived: boolean;
  show_in_store: boolean;
  inventory: Inventory;
}

export interface ProductAttributes extends CatalogueAttributes {
  product_group_id: string;
  variation_values: string[];
}

export interface ProductGroupAttributes extends CatalogueAttributes {
  /** The products in store have different prices: the listed price is the lowest ('From'). */
  price_varies?: boolean;
  variation_fields: string[];
  tags: string[];
  large_url: string | null;
  xlarge_url: string | null;
}

export interface BundleAttributes extends CatalogueAttributes {
  tags: string[];
  variation_fields: string[];
}

export interface BundleItemAttributes {
  product_group_id: string;
  product_id: string | null;
  quantity: number;
  name: string;
  discount_percentage: number;
}

export interface RelationshipList<TType extends string> {
  data: { id: string; type: TType }[];
}

export type ProductResource = Resource<'products', ProductAttributes>;
export type ProductGroupResource = Resource<
  'product_groups',
  ProductGroupAttributes,
  { products: RelationshipList<'products'> }
>;
export type BundleResource = Resource<'bundles', BundleAttributes, { bundle_items: RelationshipList<'bundle_items'> }>;
export type BundleItemResource = Resource<'bundle_items', BundleItemAttributes>;
export type CatalogueItemResource = ProductGroupResource | BundleResource;

export interface PhotoResource {
  id: string;
  type: 'photos';
  attributes: { owner_id: string; large_url: string; xlarge_url: string; original_url: string; position: number };
}

export interface ListMeta {
  total_items: number;
  current_page: number;
  per_page: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface DocumentResponse<T, TIncluded = never> {
  data: T;
  included?: TIncluded[];
}

export type BundleDetailResponse = DocumentResponse<BundleResource, BundleItemResource | ProductResource>;
export type ProductGroupDetailResponse = DocumentResponse<ProductGroupResource, ProductResource>;

/**
 * What a stranger may learn of a customer (search by email, update): the id, and whether a phone is on
 * file, masked to its last digits. Never the name, the email or the whole phone.
 */
export interface CustomerSummaryResource {
  id: string;
  type: 'customers';
  attributes: { properties: { phone: string | null } };
}

/** A customer as its creator sent it (answer of POST /api/customers). */
export interface CustomerResource extends CustomerSummaryResource {
  attributes: { name: string; email: string; phone: string | null; properties: { phone: string | null } };
}

export interface OrderResult {
  order: { data: { id: string; type: 'orders'; attributes: Record<string, unknown> } };
  needsManualProcessing?: boolean;
  fulfillmentError?: boolean;
  error?: string;
  errorMessage?: string;
  orderDetails?: {
    status: string;
    problems: string[];
    /** The indexes of the order's lines that could not be held on its dates (taken by other requests). */
    short_lines?: number[];
  };
  /** What the terms will ask once it is confirmed, as the server worked it out (the email says the same). */
  paymentSchedule?: PaymentSchedule;
  /**
   * Book without waiting (issue 61): the request's booking page (a path), where its deposit is paid
   * by card and it is confirmed as the payment arrives. Only where the business books without waiting,
   * takes cards online, and the request holds every item.
   */
  bookingUrl?: string;
}

/** The JSON body of every 4xx/5xx answer of the API. */
export interface ApiErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
  /** A 409 to an order whose price is not the one the shopper was shown (issue 60): the server's. */
  price_changed?: PriceChanged;
}

/** The server's price of an order request the shopper was shown another price for. */
export interface PriceChanged {
  /** The whole request's subtotal before GST, each line priced for the whole hire. */
  subtotal_in_cents: number;
  /** Each line's event price (one unit, one event day), in the request's line order. */
  event_prices_in_cents: number[];
}

/** GET /api/offline-size: about what saving the catalogue for offline stores. */
export interface OfflineSize {
  /** Visible product groups and bundles. */
  items: number;
  /** Large photo files. */
  photos: number;
  /** Photos and catalogue data, in bytes (an estimate: photos exactly, data per item). */
  bytes: number;
}
