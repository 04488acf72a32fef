import { instantText } from '../../src/lib/api-contract/dates';
import type { ServiceContext } from './context';
import { acceptanceOf } from './customer-booking';
import { acceptedTermsPdf } from './documents';
import { type QuoteContent, quotesOf } from './quotes';

/**
 * The signed hire agreement (issue 61), or the accepted terms of a request never quoted, as a PDF:
 * who accepted it, when, from where, the exact agreement's digest, the quote's lines and totals as
 * sent, the signature, and the terms' text. Null while nothing is accepted. The customer's booking
 * page and the workspace both download it.
 */
export async function agreementPdf(deps: Pick<ServiceContext, 'db' | 'business'>, orderId: string) {
  const accepted = await acceptanceOf(deps, orderId);
  if (!accepted) return null;
  const business = deps.business();
  const quote =
    accepted.quoteVersion === null
      ? null
      : ((await quotesOf(deps.db, orderId)).find((row) => row.version === accepted.quoteVersion) ?? null);
  const content = quote?.content as QuoteContent | undefined;
  return acceptedTermsPdf({
    businessName: business.name,
    reference: `Request ${orderId}`,
    typedName: accepted.typedName,
    acceptedAt: accepted.acceptedAt,
    acceptedAtText: instantText(accepted.acceptedAt, business.timeZone, 'long'),
    ipAddress: accepted.ipAddress,
    version: accepted.termsVersion,
    text: accepted.termsText,
    ...(quote && content
      ? {
          quote: {
            version: quote.version,
            lines: content.lines,
            subtotalCents: content.subtotalCents,
            gstCents: content.gstCents,
            totalCents: content.totalCents,
          },
        }
      : {}),
    ...(accepted.signatureKind === 'drawn' && accepted.signaturePng
      ? { signature: { kind: 'drawn' as const, png: Buffer.from(accepted.signaturePng, 'base64') } }
      : accepted.signatureKind === 'typed'
        ? { signature: { kind: 'typed' as const } }
        : {}),
    ...(accepted.agreementDigest ? { agreementDigest: accepted.agreementDigest } : {}),
  });
}

/** The agreement's file name. */
export const agreementFileName = (orderId: string, signed: boolean) =>
  signed ? `signed-agreement-request-${orderId}.pdf` : `accepted-terms-request-${orderId}.pdf`;
