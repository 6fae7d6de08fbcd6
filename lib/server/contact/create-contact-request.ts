import 'server-only';
import { randomBytes } from 'node:crypto';
import type { TContactRequest } from '@/lib/contact/contact-schema';
import { db as defaultDb, type TDbClient } from '@/lib/server/db/client';
import { capRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { logger } from '@/lib/server/logger';
import { notifySalesJob } from './jobs/notify-sales.job';

export type TCreateContactRequestOptions = {
  /** The form as checked at the edge (ZContactRequest, lib/contact/contact-schema.ts). */
  input: TContactRequest;
  ip?: string | null;
  userAgent?: string | null;
  client?: TDbClient;
};

export type TCreatedContactRequest = { id: string; stored: boolean };

/** Looks like one of our ids, so a bot cannot tell that its request was dropped. */
function decoyId(): string {
  return `c${randomBytes(16).toString('hex').slice(0, 24)}`;
}

/**
 * Stores a contact-form request and, in the same transaction, the job that
 * mails the sales inbox: the request is never lost to a mail failure, and
 * there is never a notification without a stored request.
 */
export async function createContactRequest(options: TCreateContactRequestOptions): Promise<TCreatedContactRequest> {
  const { website, ...data } = options.input;
  if (website) {
    logger.info('contact request dropped: honeypot filled', { ip: options.ip });
    return { id: decoyId(), stored: false };
  }
  const client = options.client ?? defaultDb;
  const request = await client.$transaction(async (tx) => {
    const created = await tx.contactRequest.create({
      data: {
        ...data,
        ...capRequestMeta(options),
      },
      select: { id: true },
    });
    await enqueueJob(notifySalesJob, { id: created.id }, { client: tx });
    return created;
  });
  logger.info('contact request stored', { id: request.id, topic: data.topic });
  return { id: request.id, stored: true };
}
