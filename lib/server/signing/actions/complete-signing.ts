import 'server-only';
import type { TDateFormat } from '@/lib/signing/format-signing-date';
import { formatSigningDate } from '@/lib/signing/format-signing-date';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import { parseFieldMeta } from '@/lib/server/fields/field-view';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { finalizeDocumentJob } from '@/lib/server/finalize/jobs/finalize-document.job';
import { advanceSigningIn } from './advance-signing';
import { isFieldFilled } from './check-field-value';
import { sealingState } from './identity-review';
import { lockSigner, type TSignerLink } from '../link/lock-signer';
import { mailLocale } from '../notices/mail-recipient';
import { mailSignedConfirmationJob } from '../notices/jobs/mail-signed-confirmation.job';
import { mailSignedToOwnerJob } from '../notices/jobs/mail-signed-to-owner.job';

type TEmptyField = { id: string; type: string; page: number; meta: string };

function emptyFieldsError(missing: TEmptyField[]): AppError {
  const errors = missing.map((field) => {
    const label = parseFieldMeta(field.meta).label;
    return {
      path: `fields.${field.id}`,
      message: `The required ${field.type.toLowerCase()} field${label ? ` "${label}"` : ''} on page ${field.page} is empty.`,
    };
  });
  return new AppError(
    'UNPROCESSABLE',
    `${missing.length} required field${missing.length === 1 ? ' is' : 's are'} still empty.`,
    {
      fieldErrors: errors,
      extensions: { reason: 'required_fields_empty', fields: missing.map((field) => field.id) },
    },
  );
}

/**
 * POST /api/v1/signing/{token}/complete: the signer (or approver) finishes.
 * Under the document's lock: every required field must be filled (422 naming
 * each one otherwise), date fields get the signing date in the owner's
 * format, the recipient becomes signed by a compare-and-set (a second tab's
 * complete finds the link gone: 410 signed, and no second event), the owner
 * is mailed, the next in order are invited, and when no signer or approver
 * is left (and no eID name mismatch waits for the owner: identity-review.ts)
 * the document is queued for sealing (document.finalize). All of it
 * commits together or not at all.
 */
export async function completeSigning(
  signer: TSignerLink,
  meta: TRequestMeta,
): Promise<{ status: 'signed'; everyoneSigned: boolean }> {
  return db.$transaction(
    async (tx) => {
      const { recipient, document } = await lockSigner(tx, signer);
      if (recipient.role === 'VIEWER' || recipient.role === 'CC') {
        throw new AppError(
          'CONFLICT',
          'A viewer has nothing to sign: opening the document is all that is asked of you.',
          { extensions: { reason: 'viewer' } },
        );
      }
      const fields = await tx.field.findMany({
        where: { documentId: document.id, recipientId: recipient.id },
        include: { signature: { select: { id: true } } },
        orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }],
      });
      const missing = fields.filter(
        (field) => field.required && field.type !== 'DATE' && !isFieldFilled(field, field.signature !== null),
      );
      if (missing.length > 0) throw emptyFieldsError(missing);

      const now = new Date();
      const { count } = await tx.recipient.updateMany({
        where: { id: recipient.id, status: { notIn: ['SIGNED', 'DECLINED'] } },
        data: { status: 'SIGNED', signedAt: now },
      });
      if (count !== 1)
        throw new AppError('GONE', 'This signing link no longer works: signed.', {
          extensions: { reason: 'signed', documentName: document.name },
        });

      const owner = await tx.user.findUniqueOrThrow({ where: { id: document.ownerId }, select: { locale: true } });
      const dates: Record<string, string> = {};
      for (const field of fields.filter((candidate) => candidate.type === 'DATE')) {
        const format = parseFieldMeta(field.meta).dateFormat as TDateFormat | undefined;
        dates[field.id] = formatSigningDate(now, format, mailLocale(document, owner));
        await tx.field.update({ where: { id: field.id }, data: { value: dates[field.id] } });
      }
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'recipient.signed',
        actor: `recipient:${recipient.id}`,
        ...meta,
        at: now,
        data: {
          recipientId: recipient.id,
          email: recipient.email,
          role: recipient.role.toLowerCase(),
          fields: fields.map((field) => field.id),
          dates,
        },
      });
      await enqueueJob(mailSignedToOwnerJob, { recipientId: recipient.id }, { client: tx });
      await enqueueJob(mailSignedConfirmationJob, { recipientId: recipient.id }, { client: tx });
      await advanceSigningIn(tx, document.id);
      // Viewers and cc are not waited for: sealing needs every signature and approval, and no eID
      // name mismatch left for the owner to accept (accepting it queues the seal then).
      const sealing = await sealingState(tx, document.id);
      if (sealing.ready) await enqueueJob(finalizeDocumentJob, { documentId: document.id }, { client: tx });
      return { status: 'signed' as const, everyoneSigned: sealing.everyoneSigned };
    },
    // Signers of one document wait for each other at its lock (lockSigner): more than Prisma's 2 s default.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
