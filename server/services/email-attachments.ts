import type { Db } from '../db/client';
import { agreementFileName, agreementPdf } from './agreement';
import type { ServiceContext } from './context';
import { documentAttachments } from './documents';

/** An email's attachment naming a request's signed agreement (issue 61), drawn when the email is sent. */
export const agreementAttachment = (orderId: string) => `agreement:${orderId}`;

/**
 * An email's attachments as the mail sender draws them: issued documents by their ids, and a
 * request's signed agreement by `agreement:<request>` (drawn from the acceptance as stored).
 */
export async function emailAttachments(
  deps: Pick<ServiceContext, 'db' | 'business'> & { db: Db },
  ids: string[],
  photosDir: string,
) {
  const agreements = ids.filter((id) => id.startsWith('agreement:'));
  const documents = ids.filter((id) => !id.startsWith('agreement:'));
  const drawn = await Promise.all(
    agreements.map(async (id) => {
      const orderId = id.slice('agreement:'.length);
      const pdf = await agreementPdf(deps, orderId);
      return pdf ? [{ filename: agreementFileName(orderId, true), content: pdf, contentType: 'application/pdf' }] : [];
    }),
  );
  return [...(documents.length ? await documentAttachments(deps.db, documents, photosDir) : []), ...drawn.flat()];
}
