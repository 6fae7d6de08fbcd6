import { describe, expect, it } from 'vitest';
import type { Recipient } from '@/lib/generated/prisma/sqlite/client';
import { awaitingRecipients } from '@/lib/server/documents/document-views';

const at = new Date('2026-11-24T10:00:00Z');
function recipient(
  id: string,
  order: number,
  status: Recipient['status'],
  role: Recipient['role'] = 'SIGNER',
): Recipient {
  return {
    id,
    documentId: 'd',
    email: `${id}@example.com`,
    name: id,
    role,
    order,
    status,
    auth: 'NONE',
    declineReason: null,
    declinedAt: null,
    mailError: null,
    remindedAt: null,
    invitedAt: at,
    sentAt: null,
    openedAt: null,
    signedAt: null,
    completionMailedAt: null,
    consentAt: null,
    consentIp: null,
    consentUserAgent: null,
    authAt: null,
    authSubject: null,
    authName: null,
    authNameMismatchAt: null,
    authNameAcceptedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

describe('awaitingRecipients ("who must act next")', () => {
  it('names the recipient whose turn it is before their invitation has been delivered', () => {
    // Right after sending, the job runner has not mailed yet: the first signer is still NOT_SENT.
    const awaiting = awaitingRecipients({ status: 'PENDING', signingOrder: 'SEQUENTIAL' }, [
      recipient('rita', 1, 'NOT_SENT'),
      recipient('sam', 2, 'NOT_SENT'),
    ]);
    expect(awaiting.map(({ id }) => id)).toEqual(['rita']);
  });

  it('moves to the next group in sequence, lists everyone unfinished in parallel, and never waits for cc', () => {
    const people = [
      recipient('rita', 1, 'SIGNED'),
      recipient('sam', 2, 'OPENED'),
      recipient('tom', 3, 'NOT_SENT'),
      recipient('cc', 1, 'NOT_SENT', 'CC'),
    ];
    expect(awaitingRecipients({ status: 'PENDING', signingOrder: 'SEQUENTIAL' }, people).map(({ id }) => id)).toEqual([
      'sam',
    ]);
    expect(awaitingRecipients({ status: 'PENDING', signingOrder: 'PARALLEL' }, people).map(({ id }) => id)).toEqual([
      'sam',
      'tom',
    ]);
  });

  it('names nobody once the document is no longer pending', () => {
    expect(
      awaitingRecipients({ status: 'CANCELLED', signingOrder: 'PARALLEL' }, [recipient('rita', 1, 'SENT')]),
    ).toEqual([]);
  });
});
