import 'server-only';
import { mailLocales, type TMailLocale } from '@/lib/api/v1/enums';
import type { Document, Recipient, User } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { fullName } from '@/lib/users/full-name';
import type { TMailPerson } from './signing-mail';

/** The recipients' language: the one the send asked for, else the owner's, else English. */
export function mailLocale(document: Pick<Document, 'locale'>, owner: Pick<User, 'locale'>): TMailLocale {
  const wanted = document.locale ?? owner.locale;
  return (mailLocales as readonly string[]).includes(wanted) ? (wanted as TMailLocale) : 'en';
}

/** The owner as named to recipients: the full name (lib/users/full-name.ts), else the address. */
export function ownerPerson(owner: Pick<User, 'name' | 'givenName' | 'familyName' | 'email'>): TMailPerson {
  return { name: fullName(owner) ?? owner.email, address: owner.email };
}

export function recipientPerson(recipient: Pick<Recipient, 'name' | 'email'>): TMailPerson {
  return { name: recipient.name, address: recipient.email };
}

export function findRecipientForMail(recipientId: string) {
  return db.recipient.findUnique({ where: { id: recipientId }, include: { document: { include: { owner: true } } } });
}

/**
 * Runs one mail of a job. A failure on the job's last attempt is kept on the
 * recipient (mailError, shown in the workspace) and written to the document's
 * audit trail (a mail that never reached someone is evidence too) before it is
 * rethrown; a later success clears mailError (the caller's success write does).
 */
export async function withMailErrorKept<T>(
  recipientId: string,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'> & { queue?: string },
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (context.attempt >= context.maxAttempts) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.$transaction(async (tx) => {
        const recipient = await tx.recipient.findUnique({
          where: { id: recipientId },
          select: { documentId: true, email: true },
        });
        if (!recipient) return;
        await tx.recipient.update({ where: { id: recipientId }, data: { mailError: message } });
        await appendAuditEvent(tx, {
          documentId: recipient.documentId,
          type: 'mail.failed',
          actor: 'system',
          data: {
            recipientId,
            email: recipient.email,
            mail: context.queue ?? null,
            attempts: context.attempt,
            error: message,
          },
        });
      });
    }
    throw error;
  }
}
