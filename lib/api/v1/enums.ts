import { z } from 'zod';
import type { DocumentStatus, RecipientStatus } from '@/lib/generated/prisma/sqlite/enums';

/** The API's lower-case names; the database keeps the upper-case enum values. */
export const documentStatuses = [
  'draft',
  'pending',
  'completed',
  'declined',
  'expired',
  'cancelled',
  'sealing_failed',
] as const;
export const recipientRoles = ['signer', 'approver', 'viewer', 'cc'] as const;
export const recipientAuths = ['none', 'email_otp', 'oidc'] as const;
/** waiting: not invited yet (a later signer in a sequential order, or a draft). */
export const recipientStatuses = ['waiting', 'sent', 'opened', 'signed', 'declined'] as const;
export const fieldTypes = [
  'signature',
  'initials',
  'name',
  'email',
  'date',
  'text',
  'number',
  'checkbox',
  'radio',
  'dropdown',
  'attachment',
] as const;
export const signingOrders = ['sequential', 'parallel'] as const;
export const mailLocales = ['en', 'pt', 'cs', 'es'] as const;
export type TMailLocale = (typeof mailLocales)[number];
/** Date formats a date field may show (the signing date, filled by the server). */
export const dateFormats = ['yyyy-MM-dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'dd.MM.yyyy', 'd MMMM yyyy'] as const;

export const ZDocumentStatus = z.enum(documentStatuses);
export const ZRecipientRole = z.enum(recipientRoles);
export const ZRecipientAuth = z.enum(recipientAuths);
export const ZRecipientStatus = z.enum(recipientStatuses);
export const ZFieldType = z.enum(fieldTypes);
export const ZSigningOrder = z.enum(signingOrders);
export const ZMailLocale = z.enum(mailLocales);
export const ZDateFormat = z.enum(dateFormats);

export type TDocumentStatus = z.infer<typeof ZDocumentStatus>;
export type TRecipientRole = z.infer<typeof ZRecipientRole>;
export type TRecipientAuth = z.infer<typeof ZRecipientAuth>;
export type TRecipientStatus = z.infer<typeof ZRecipientStatus>;
export type TFieldType = z.infer<typeof ZFieldType>;
export type TSigningOrder = z.infer<typeof ZSigningOrder>;

/** Limits of one document (docs/api.md, Fields PUT): over them, send and PUT answer 400. */
export const MAX_RECIPIENTS = 50;
export const MAX_FIELDS = 500;

/** The default size (points) per field type when a request leaves it out (docs/api.md, Fields PUT). */
export function defaultFieldSize(type: TFieldType): { width: number; height: number } {
  if (type === 'signature') return { width: 180, height: 50 };
  if (type === 'initials') return { width: 60, height: 40 };
  if (type === 'checkbox' || type === 'radio') return { width: 16, height: 16 };
  return { width: 150, height: 24 };
}

/** The API's document status: the database's value in lower case. */
export const toApiStatus = (status: DocumentStatus) => status.toLowerCase() as TDocumentStatus;

/** The API's recipient status: the database's value in lower case, except that a recipient not yet sent to is `waiting`. */
export function recipientStatus(status: RecipientStatus): TRecipientStatus {
  return status === 'NOT_SENT' ? 'waiting' : (status.toLowerCase() as TRecipientStatus);
}
