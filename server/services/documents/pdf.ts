import type PDFDocumentClass from 'pdfkit';
import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney, includesGstText } from '../../../src/lib/api-contract/money';
import type { DocumentContent } from './content';
import { embedFaces } from './pdf-fonts';
import { LOGO_HEIGHT, LOGO_WIDTH, logoPng } from './pdf-logo';

/**
 * A document's PDF, drawn with pdfkit from what it printed when issued (A4, Noto Sans embedded with a CJK fallback: pdf-fonts.ts).
 * Its creation date is the day of issue and its file id follows from it, so the bytes are the same
 * on every download.
 */

export const INK = '#2b2622';
export const MUTED = '#6b625a';
const RULE = '#d9cbb8';
export const LEFT = 50;
export const RIGHT = 545;
/** Column right edges of the lines' table: quantity, unit price, GST, amount. */
const COLUMNS = [330, 400, 470, RIGHT] as const;

export async function documentPdf(content: DocumentContent, issuedAt: string, photosDir: string): Promise<Buffer> {
  const logo = await logoPng(photosDir, content.business.logoUrl);
  return drawn({ title: `${content.title} ${content.number}`, author: content.business.name, at: issuedAt }, (doc) =>
    draw(doc, content, logo),
  );
}

/** pdfkit and its fonts (about 28 MB and 0.3 s to load) come with the first document drawn, not with the server's start. */
let pdfkit: Promise<{ default: typeof PDFDocumentClass }> | undefined;

/**
 * An A4 document drawn by `body`, as bytes. Its creation date is `at` (never the clock), and pdfkit
 * makes the file's id from its information: the same content is the same bytes.
 */
export async function drawn(
  info: { title: string; author: string; at: string },
  body: (doc: PDFKit.PDFDocument) => void,
) {
  pdfkit ??= import('pdfkit');
  const { default: PDFDocument } = await pdfkit;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: info.title, Author: info.author, CreationDate: new Date(info.at) },
    lang: 'en-AU',
  });
  embedFaces(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  body(doc);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, content: DocumentContent, logo: Buffer | null) {
  const { business, customer } = content;
  doc.fillColor(INK).font('Times-Roman').fontSize(26).text(content.title, LEFT, 50);
  // The logo at the top right, above the business's name and details.
  if (logo) doc.image(logo, RIGHT - LOGO_WIDTH, 46, { fit: [LOGO_WIDTH, LOGO_HEIGHT], align: 'right' });
  doc
    .font('Body-Bold')
    .fontSize(12)
    .text(business.name, 300, logo ? 46 + LOGO_HEIGHT + 8 : 56, { width: RIGHT - 300, align: 'right' });
  doc.font('Body').fontSize(9).fillColor(MUTED);
  for (const line of [
    business.legalName ?? '',
    business.taxIdLine,
    ...business.addressLines,
    business.email,
    business.phone,
  ].filter(Boolean)) {
    doc.text(line, 300, doc.y, { width: RIGHT - 300, align: 'right' });
  }
  let y = Math.max(doc.y, 100) + 24;
  const pair = (label: string, value: string, x: number, at: number) => {
    doc.font('Body').fontSize(9).fillColor(MUTED).text(label, x, at);
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(INK)
      .text(value, x, doc.y + 1, { width: 230 });
    return doc.y;
  };
  const left = [
    pair('Number', content.number, LEFT, y),
    pair('Issued', longDate(content.issuedOn), LEFT, doc.y + 6),
    pair('Reference', content.reference, LEFT, doc.y + 6),
  ].at(-1) as number;
  doc.font('Body').fontSize(9).fillColor(MUTED).text('To', 300, y);
  doc.fontSize(10).fillColor(INK);
  for (const line of [customer.name, customer.email, customer.phone, customer.address ?? ''].filter(Boolean)) {
    doc.text(line, 300, doc.y + 1, { width: RIGHT - 300 });
  }
  y = Math.max(left, doc.y) + 24;
  y = table(doc, content, y);
  y = totals(doc, content, y + 10);
  if (content.details.length) {
    doc.font('Body').fontSize(10).fillColor(INK);
    doc.y = y + 16;
    for (const line of content.details) doc.text(line, LEFT, doc.y + 2, { width: RIGHT - LEFT });
  }
}

function row(doc: PDFKit.PDFDocument, cells: string[], y: number, bold = false) {
  doc
    .font(bold ? 'Body-Bold' : 'Body')
    .fontSize(bold ? 9 : 10)
    .fillColor(bold ? MUTED : INK);
  const [description = '', ...figures] = cells;
  doc.text(description, LEFT, y, { width: 250 });
  const end = doc.y;
  figures.forEach((cell, i) => {
    const right = COLUMNS[i] ?? RIGHT;
    doc.text(cell, right - 70, y, { width: 70, align: 'right' });
  });
  return Math.max(end, doc.y);
}

export function rule(doc: PDFKit.PDFDocument, y: number) {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

function table(doc: PDFKit.PDFDocument, content: DocumentContent, top: number): number {
  const head = () => ['Description', 'Qty', 'Unit price', `GST (${content.gstRateText})`, 'Amount'];
  let y = row(doc, head(), top, true) + 4;
  rule(doc, y);
  for (const line of content.lines) {
    if (y > 720) {
      doc.addPage();
      y = row(doc, head(), 50, true) + 4;
      rule(doc, y);
    }
    y =
      row(
        doc,
        [
          line.description,
          String(line.quantity),
          formatMoney(line.unitCents),
          line.gstFree ? 'GST-free' : formatMoney(line.gstCents),
          formatMoney(line.amountCents),
        ],
        y + 6,
      ) + 6;
    rule(doc, y);
  }
  return y;
}

function totals(doc: PDFKit.PDFDocument, content: DocumentContent, top: number): number {
  if (top > 700) {
    doc.addPage();
    top = 50;
  }
  const line = (label: string, value: string, y: number, bold = false) => {
    doc
      .font(bold ? 'Body-Bold' : 'Body')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, 330, y, { width: 140, align: 'right' });
    doc.text(value, RIGHT - 75, y, { width: 75, align: 'right' });
    return doc.y + 3;
  };
  let y = top;
  if (content.gstCents > 0 || content.kind !== 'receipt') {
    y = line('Subtotal (excl. GST)', formatMoney(content.subtotalCents), y);
    y = line(`GST (${content.gstRateText})`, formatMoney(content.gstCents), y);
  }
  y = line(content.kind === 'receipt' ? 'Amount received' : 'Total', formatMoney(content.totalCents), y + 2, true);
  if (content.kind !== 'receipt') {
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(MUTED)
      .text(includesGstText(content.gstCents), 250, y + 2, {
        width: RIGHT - 250,
        align: 'right',
      });
    y = doc.y;
  }
  return y;
}
