import type { Recipient } from '@/lib/generated/prisma/sqlite/client';

/**
 * "Only me": the owner is the document's one recipient, a signer. They sign
 * in the browser they sent from (the workspace opens their own link at once),
 * so no invitation is mailed to them; a link is had any time from the
 * workspace's "Copy link".
 */
export function ownerSignsAlone(recipients: Pick<Recipient, 'email' | 'role'>[], ownerEmail: string): boolean {
  const [only] = recipients;
  return (
    recipients.length === 1 &&
    only?.role === 'SIGNER' &&
    only.email.trim().toLowerCase() === ownerEmail.trim().toLowerCase()
  );
}
