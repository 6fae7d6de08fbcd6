/**
 * What the done page lists under "What happens next". The owner signing
 * their own document ("Only me") is not told that they themselves are
 * notified, nor that others are invited: nobody else takes part.
 */
export type TDoneNote =
  | 'nextSender'
  | 'reviewPending'
  | 'reviewPendingSelf'
  | 'nextOthers'
  | 'whenEveryone'
  | 'everyoneSigned'
  | 'sealedSelf';

export function doneNotes({
  selfSigned,
  everyoneSigned,
  reviewPending,
}: {
  selfSigned: boolean;
  everyoneSigned: boolean;
  reviewPending: boolean;
}): TDoneNote[] {
  if (selfSigned) {
    if (reviewPending) return ['reviewPendingSelf'];
    return everyoneSigned ? ['sealedSelf'] : ['whenEveryone'];
  }
  const notes: TDoneNote[] = ['nextSender'];
  if (reviewPending) notes.push('reviewPending');
  // The last signer: sealing starts now and the copy is on its way; otherwise it comes once the rest have signed.
  if (everyoneSigned) {
    if (!reviewPending) notes.push('everyoneSigned');
  } else notes.push('nextOthers', 'whenEveryone');
  return notes;
}

/** The signer is the document's sender (the owner): compared as addresses are, without case. */
export function isOwnSigning(session: { recipient: { email: string }; sender: { email: string } }): boolean {
  return session.recipient.email.trim().toLowerCase() === session.sender.email.trim().toLowerCase();
}
