import 'server-only';
import type { TSigningSession } from '@/lib/api/v1/signing-session';
import type { TRecipientAuth, TRecipientRole } from '@/lib/api/v1/enums';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { db, type TDbClient } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import { recipientStatus, toApiStatus } from '@/lib/api/v1/enums';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { viewingNeedsAuth } from '@/lib/server/signing/auth/signer-access';
import { type TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { signatureFonts } from '@/lib/server/signatures/fonts';
import { attachmentLimits } from '../actions/attachment-limits';
import { namesMatch } from '../auth/eid/verified-name';
import { ownerPerson } from '../notices/mail-recipient';
import { markRecipientOpened } from './mark-recipient-opened';

/** The handwriting fonts a typed signature may name (the session's `fonts`), the default first. */
export function signingFonts(): string[] {
  return signatureFonts().map((font) => font.id);
}

/** Reading order: page, then top to bottom, then left to right (the "Next field" guide follows it). */
export function byReadingOrder(a: Pick<Field, 'page' | 'y' | 'x'>, b: Pick<Field, 'page' | 'y' | 'x'>): number {
  return a.page - b.page || a.y - b.y || a.x - b.x;
}

/** Roles asked to sign or approve give ESIGN/UETA consent first; a viewer only reads. */
const consentRequired = (role: string) => role === 'SIGNER' || role === 'APPROVER';

/** Whether the recipient's authentication passed and, for an eID, the name it verified and whether it is theirs. */
function authState(recipient: TSigner['recipient']): TSigningSession['auth'] {
  const eid = recipient.auth === 'OIDC' && recipient.authAt !== null;
  return {
    method: recipient.auth.toLowerCase() as TRecipientAuth,
    satisfied: recipient.auth === 'NONE' || recipient.authAt !== null,
    verifiedName: eid ? recipient.authName : null,
    nameMatches: eid ? namesMatch(recipient.authName, recipient.name) : null,
  };
}

/**
 * GET /api/v1/signing/{token}: the signer's own fields with their values,
 * everyone else's only as positions (no owner, no value), and what must
 * happen before a change (consent, authentication). The first call marks the
 * recipient opened (markRecipientOpened), except for a viewer who has yet to
 * authenticate: their first call after it does (viewingNeedsAuth).
 */
export async function getSigningSession(
  signer: TSigner,
  meta: TRequestMeta,
  client: TDbClient = db,
): Promise<TSigningSession> {
  const { recipient, document } = signer;
  // A viewer who must authenticate first sees only that step: opening would finish their turn unverified.
  const gated = viewingNeedsAuth(recipient);
  const opened = gated ? false : await markRecipientOpened({ ...recipient, documentId: document.id }, meta, client);
  const [fields, owner] = await Promise.all([
    gated ? [] : client.field.findMany({ where: { documentId: document.id, recipientId: { not: null } } }),
    client.user.findUniqueOrThrow({
      where: { id: document.ownerId },
      select: { name: true, givenName: true, familyName: true, email: true },
    }),
  ]);
  fields.sort(byReadingOrder);
  const status =
    opened && (recipient.status === 'NOT_SENT' || recipient.status === 'SENT') ? 'OPENED' : recipient.status;
  return {
    document: { name: document.name, pageCount: document.pageCount, status: toApiStatus(document.status) },
    recipient: {
      name: recipient.name,
      email: recipient.email,
      role: recipient.role.toLowerCase() as TRecipientRole,
      status: recipientStatus(status),
    },
    sender: { name: ownerPerson(owner).name, email: owner.email },
    fields: fields.filter((field) => field.recipientId === recipient.id).map(fieldView),
    otherFields: fields
      .filter((field) => field.recipientId !== recipient.id)
      .map((field) => ({
        page: field.page,
        x: field.x,
        y: field.y,
        width: field.width,
        height: field.height,
        type: fieldView(field).type,
      })),
    consent: { required: consentRequired(recipient.role), given: recipient.consentAt !== null },
    auth: authState(recipient),
    fonts: signingFonts(),
    attachments: attachmentLimits(),
  };
}
