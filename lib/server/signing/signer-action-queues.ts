/** The job queues of a signer's finish and decline (handlers: ./signer-action-jobs.ts). Payloads never carry a token. */
export const MAIL_SIGNED_TO_OWNER_QUEUE = 'mail.signed-to-owner';
export const MAIL_SIGNED_CONFIRMATION_QUEUE = 'mail.signed-confirmation';
export const MAIL_DECLINED_TO_OWNER_QUEUE = 'mail.declined-to-owner';
export const MAIL_DECLINED_QUEUE = 'mail.declined';
/** Every signer and approver has signed: flatten, certify and seal (the sealing issue registers its handler). */
export const DOCUMENT_FINALIZE_QUEUE = 'document.finalize';
/** Tries before a document is sealing_failed: backoff 2 s … 128 s, about four minutes for a timestamp authority to come back. */
export const FINALIZE_MAX_ATTEMPTS = 8;
/** The sealed PDF to one recipient (or the owner) once completed (lib/server/finalize/mail-completed.ts). */
export const MAIL_COMPLETED_QUEUE = 'mail.completed';
/** Retention at the document's purgeAt: a completed one's sealed PDF and certificate, a declined, cancelled or expired one's files and signers' data (lib/server/finalize/purge-sealed-blobs.ts). */
export const DOCUMENT_PURGE_QUEUE = 'document.purge';
