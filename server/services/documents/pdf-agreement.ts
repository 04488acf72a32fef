import { formatMoney } from '../../../src/lib/api-contract/money';
import { drawn, INK, LEFT, MUTED, RIGHT, rule } from './pdf';

/**
 * The terms a customer accepted, or the hire agreement they signed (issue 61), as a PDF: who, when,
 * from where, which versions and the agreement's digest, the signature and the quote's lines, then the
 * terms' text. Drawn with the documents' faces and page (pdf.ts).
 */

export interface AcceptedTerms {
  businessName: string;
  reference: string;
  typedName: string;
  /** As the business reads it: 'Friday 27 November 2026 at 3:15 pm'. */
  acceptedAtText: string;
  acceptedAt: string;
  ipAddress: string;
  version: string;
  text: string;
  /** A quote accepted (issue 61): its version, lines and totals as sent. */
  quote?: {
    version: number;
    lines: { label: string; quantity: number; lineCents: number }[];
    subtotalCents: number;
    gstCents: number;
    totalCents: number;
  };
  /** The signature: drawn (its PNG), or the typed name adopted as one. */
  signature?: { kind: 'drawn'; png: Buffer } | { kind: 'typed' };
  /** The digest of the exact agreement accepted (terms and quote). */
  agreementDigest?: string;
}

/** The terms a customer accepted, with who, when, from where and which version: their copy, as a PDF. */
export function acceptedTermsPdf(terms: AcceptedTerms): Promise<Buffer> {
  return drawn(
    {
      title: `${terms.signature ? 'Signed hire agreement' : 'Accepted terms'}: ${terms.reference}`,
      author: terms.businessName,
      at: terms.acceptedAt,
    },
    (doc) => drawTerms(doc, terms),
  );
}

function drawTerms(doc: PDFKit.PDFDocument, terms: AcceptedTerms) {
  doc
    .fillColor(INK)
    .font('Times-Roman')
    .fontSize(24)
    .text(terms.signature ? 'Signed hire agreement' : 'Accepted terms', LEFT, 50);
  doc
    .font('Body-Bold')
    .fontSize(12)
    .text(terms.businessName, LEFT, doc.y + 4);
  doc.font('Body').fontSize(10).fillColor(INK);
  for (const line of [
    terms.reference,
    `Accepted by ${terms.typedName}, ${terms.acceptedAtText}`,
    `From the address ${terms.ipAddress}`,
    `Terms version ${terms.version}`,
    ...(terms.quote ? [`Quote version ${terms.quote.version}`] : []),
    ...(terms.agreementDigest ? [`Agreement digest (SHA-256) ${terms.agreementDigest}`] : []),
  ]) {
    doc.text(line, LEFT, doc.y + 3, { width: RIGHT - LEFT });
  }
  if (terms.signature) signatureBlock(doc, terms.typedName, terms.signature);
  if (terms.quote) quoteBlock(doc, terms.quote);
  rule(doc, doc.y + 10);
  doc.y += 20;
  for (const raw of terms.text.split('\n')) {
    const heading = /^#{1,6}\s+/.test(raw);
    const line = raw
      .replace(/^#{1,6}\s+/, '')
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/\[(.+?)\]\((.+?)\)/g, '$1 ($2)');
    doc
      .font(heading ? 'Body-Bold' : 'Body')
      .fontSize(heading ? 11 : 10)
      .text(line || ' ', LEFT, doc.y + (heading ? 6 : 1), { width: RIGHT - LEFT });
  }
}

/** The signature, drawn or the typed name in a script face, over a line with the name under it. */
function signatureBlock(doc: PDFKit.PDFDocument, name: string, signature: NonNullable<AcceptedTerms['signature']>) {
  const top = doc.y + 14;
  if (signature.kind === 'drawn') doc.image(signature.png, LEFT, top, { fit: [240, 80] });
  else {
    // A script face for a name it can write (Latin-1); else the body face, which writes every name.
    const face = /^[\u0020-\u00ff]*$/.test(name) ? 'Times-Italic' : 'Body';
    doc
      .font(face)
      .fontSize(26)
      .fillColor(INK)
      .text(name, LEFT, top + 30, { width: 300 });
  }
  rule(doc, top + 84);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Signed by ${name}${signature.kind === 'typed' ? ' (typed name adopted as signature)' : ''}`, LEFT, top + 88);
  doc.fillColor(INK);
}

/** The quote accepted: its lines and totals as sent. */
function quoteBlock(doc: PDFKit.PDFDocument, quote: NonNullable<AcceptedTerms['quote']>) {
  rule(doc, doc.y + 10);
  let y = doc.y + 18;
  for (const line of quote.lines) {
    doc.font('Body').fontSize(10).fillColor(INK).text(`${line.quantity} × ${line.label}`, LEFT, y, { width: 380 });
    const end = doc.y;
    doc.text(formatMoney(line.lineCents), RIGHT - 100, y, { width: 100, align: 'right' });
    y = Math.max(end, doc.y) + 3;
  }
  for (const [label, cents, bold] of [
    ['Subtotal', quote.subtotalCents, false],
    ['GST', quote.gstCents, false],
    ['Total', quote.totalCents, true],
  ] as const) {
    doc
      .font(bold ? 'Body-Bold' : 'Body')
      .fontSize(10)
      .text(label, RIGHT - 220, y, { width: 110, align: 'right' });
    doc.text(formatMoney(cents), RIGHT - 100, y, { width: 100, align: 'right' });
    y = doc.y + 2;
  }
  doc.y = y;
}
