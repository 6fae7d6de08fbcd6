import { MAX_FIELDS, MAX_RECIPIENTS } from '@/lib/api/v1/enums';
import { ZEmail } from '@/lib/api/v1/text';
import type { TFieldError } from '@/lib/errors';
import type { Field, Recipient } from '@/lib/generated/prisma/sqlite/client';
import { fieldPlacementErrors } from '@/lib/server/fields/check-field-placement';
import type { TPageSize } from './read-page-sizes';

type TReady = {
  /** In the order GET /api/v1/documents/{id} lists them, so errors[] paths point at what the caller sees. */
  recipients: Recipient[];
  fields: Field[];
  pages: TPageSize[];
  expiresAt: Date | null;
  /** Whether an eID provider is configured for recipients whose auth is OIDC (lib/server/signing/auth/eid/eid-settings.ts). */
  eidAvailable: boolean;
  /** Files one recipient may attach (SIGNER_ATTACHMENT_MAX_COUNT): more attachment fields than that could never all be filled. */
  maxAttachments?: number;
  now?: Date;
};

/**
 * Everything that must hold before a draft goes out, each problem
 * with the path of what is wrong: at least one signer, each signer with a
 * signature field, valid and distinct emails, every field assigned to someone
 * who fills fields and inside its page, the limits (attachment fields per
 * recipient among them), a deadline in the future,
 * and an eID provider for recipients who must sign in with one.
 */
export function readyToSendErrors({
  recipients,
  fields,
  pages,
  expiresAt,
  eidAvailable,
  maxAttachments = Infinity,
  now = new Date(),
}: TReady): TFieldError[] {
  const errors: TFieldError[] = [];
  if (recipients.length > MAX_RECIPIENTS)
    errors.push({ path: 'recipients', message: `At most ${MAX_RECIPIENTS} recipients.` });
  if (fields.length > MAX_FIELDS) errors.push({ path: 'fields', message: `At most ${MAX_FIELDS} fields.` });
  if (!recipients.some((recipient) => recipient.role === 'SIGNER'))
    errors.push({ path: 'recipients', message: 'Add at least one signer.' });

  const seen = new Map<string, number>();
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  recipients.forEach((recipient, index) => {
    const path = `recipients.${index}`;
    const email = recipient.email.trim().toLowerCase();
    if (!ZEmail.safeParse(recipient.email).success)
      errors.push({ path: `${path}.email`, message: `${recipient.email} is not a valid email address.` });
    const first = seen.get(email);
    if (first !== undefined) errors.push({ path: `${path}.email`, message: `Same email as recipient ${first + 1}.` });
    else seen.set(email, index);
    if (
      recipient.role === 'SIGNER' &&
      !fields.some((field) => field.recipientId === recipient.id && field.type === 'SIGNATURE')
    ) {
      errors.push({ path: `${path}.fields`, message: `${recipient.name} has no signature field.` });
    }
    const attachments = fields.filter(
      (field) => field.recipientId === recipient.id && field.type === 'ATTACHMENT',
    ).length;
    if (attachments > maxAttachments) {
      errors.push({
        path: `${path}.fields`,
        message: `${recipient.name} has ${attachments} attachment fields; a recipient may attach at most ${maxAttachments} files.`,
      });
    }
    if (recipient.auth === 'OIDC' && !eidAvailable) {
      errors.push({
        path: `${path}.auth`,
        message: `${recipient.name} must confirm who they are with an eID, but this server has no eID provider (SIGNER_OIDC_ISSUER). Choose another method.`,
      });
    }
  });

  fields.forEach((field, index) => {
    const path = `fields.${index}`;
    const recipient = field.recipientId ? byId.get(field.recipientId) : undefined;
    if (!recipient) errors.push({ path: `${path}.recipientId`, message: 'Assign the field to a recipient.' });
    else if (recipient.role === 'VIEWER' || recipient.role === 'CC') {
      errors.push({
        path: `${path}.recipientId`,
        message: `${recipient.name} is a ${recipient.role.toLowerCase()} and fills no fields.`,
      });
    }
    errors.push(...fieldPlacementErrors(field, pages, path));
  });

  if (expiresAt && expiresAt <= now)
    errors.push({ path: 'expiresAt', message: 'The deadline has passed; choose a later one.' });
  return errors;
}
