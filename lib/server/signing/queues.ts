/** The job queues of sending (handlers: lib/server/signing/signing-jobs.ts). Payloads never carry a token. */
export const MAIL_INVITATION_QUEUE = 'mail.invitation';
export const MAIL_REMINDER_QUEUE = 'mail.reminder';
export const MAIL_CANCELLED_QUEUE = 'mail.cancelled';
export const MAIL_EXPIRED_QUEUE = 'mail.expired';
export const DOCUMENT_REMIND_QUEUE = 'document.remind';
export const DOCUMENT_EXPIRE_QUEUE = 'document.expire';
