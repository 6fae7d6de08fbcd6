/** The job queues of a signer's finish and decline (handlers: ./signer-action-jobs.ts). Payloads never carry a token. */
export const MAIL_SIGNED_TO_OWNER_QUEUE = 'mail.signed-to-owner';
export const MAIL_SIGNED_CONFIRMATION_QUEUE = 'mail.signed-confirmation';
export const MAIL_DECLINED_TO_OWNER_QUEUE = 'mail.declined-to-owner';
export const MAIL_DECLINED_QUEUE = 'mail.declined';
/** Every signer and approver has signed: flatten, certify and seal (the sealing issue registers its handler). */
export const DOCUMENT_FINALIZE_QUEUE = 'document.finalize';
