import 'server-only';
import type { Recipient } from '@/lib/generated/prisma/sqlite/client';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { mailInvitationJob } from './jobs/mail-invitation.job';
import { turnRecipients } from '../actions/signing-turn';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * Queues an invitation for each recipient whose turn it is and who has none
 * yet, inside the caller's transaction. Each recipient is claimed by a
 * compare-and-set on invitedAt, so concurrent callers (two completions at
 * once) invite each recipient once. Returns the ids invited now.
 * `mail: false` claims the turn without mailing (the owner signing alone
 * fetches their own link instead).
 */
export async function queueTurnInvitations(
  tx: TTransaction,
  document: { id: string; signingOrder: 'SEQUENTIAL' | 'PARALLEL' },
  recipients: Recipient[],
  { mail = true }: { mail?: boolean } = {},
): Promise<string[]> {
  const invited: string[] = [];
  for (const recipient of turnRecipients(document.signingOrder, recipients)) {
    if (recipient.invitedAt) continue;
    const { count } = await tx.recipient.updateMany({
      where: { id: recipient.id, invitedAt: null },
      data: { invitedAt: new Date() },
    });
    if (count !== 1) continue;
    if (mail) await enqueueJob(mailInvitationJob, { recipientId: recipient.id, kind: 'invitation' }, { client: tx });
    invited.push(recipient.id);
  }
  return invited;
}
