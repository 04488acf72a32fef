/**
 * The shape of an issued document (a tax invoice, a receipt, a credit note) and its numbers: what
 * content.ts fills in and stores, and what the PDF is drawn from.
 */

export type DocumentKind = 'invoice' | 'receipt' | 'credit_note';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

/** The number's prefix per kind: 'INV-0001'. */
export const DOCUMENT_PREFIXES: Record<DocumentKind, string> = { invoice: 'INV', receipt: 'RCT', credit_note: 'CN' };

export const documentNumber = (kind: DocumentKind, seq: number) =>
  `${DOCUMENT_PREFIXES[kind]}-${String(seq).padStart(4, '0')}`;

export interface DocumentLine {
  description: string;
  quantity: number;
  /** One unit before GST. */
  unitCents: number;
  /** The line's GST, and the line with it. */
  gstCents: number;
  amountCents: number;
  /** A line that bears no GST (issue 61): printed "GST-free", exported with the GST-free tax type. */
  gstFree?: boolean;
}

export interface DocumentContent {
  kind: DocumentKind;
  title: string;
  number: string;
  issuedOn: string;
  business: {
    name: string;
    /** The registered name, when it is not the trading name (documents issued before it have none). */
    legalName?: string;
    taxIdLine: string;
    addressLines: string[];
    email: string;
    phone: string;
    /** The logo's URL when issued (`/brand/<name>_<hash>.svg`, a file never overwritten); none without. */
    logoUrl?: string;
  };
  customer: { name: string; email: string; phone: string; address: string | null };
  /** 'Request 1042, hire date Saturday 12 December 2026' (a longer hire: 'hire dates … to …'). */
  reference: string;
  lines: DocumentLine[];
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  gstRateText: string;
  /** Receipts: what was paid, how and when; credit notes: what they reverse. Lines of plain text. */
  details: string[];
  /**
   * An invoice of its own beside the hire's: for a card surcharge, or for what the bond kept. The
   * hire's invoice has none (the one a change replaces and a receipt names).
   */
  for?: 'surcharge' | 'bond_kept';
  /** A credit note that cancels a tax invoice in full (a change replaced it): that invoice's number. */
  cancels?: string;
  /** And the invoice that replaces it. */
  replacedBy?: string;
}
