import 'server-only';
import { AppError } from '@/lib/errors';
import { lockDocument } from './lock-document';
import { goneReason } from './signing-link-state';
import type { TTransaction } from '@/lib/server/db/client';

/** What a signer's change needs of the resolved link (lib/server/http/signer-route.ts resolves it). */
export type TSignerLink = { linkId: string; recipient: { id: string }; document: { id: string } };

/**
 * Inside a change's transaction: takes the document's lock, then checks the
 * link again, so a change racing another (a second tab's complete, the
 * owner's cancel, a decline) sees the state the other left and answers 410
 * instead of writing after it. Returns the fresh recipient and document.
 */
export async function lockSigner(tx: TTransaction, signer: TSignerLink) {
  await lockDocument(tx, signer.document.id);
  const link = await tx.signingLink.findUnique({
    where: { id: signer.linkId },
    include: { recipient: { include: { document: true } } },
  });
  if (!link) throw new AppError('NOT_FOUND', 'No such signing link.');
  const { document, ...recipient } = link.recipient;
  const reason = goneReason(link, recipient, document);
  if (reason)
    throw new AppError('GONE', `This signing link no longer works: ${reason}.`, {
      extensions: { reason, documentName: document.name },
    });
  return { recipient, document };
}
