import type { TGoneReason } from '@/lib/api/v1/signing-session';

/** How the signer's page ends: finished or declined here, or the link found dead (another tab, the sender). */
export type TSigningEnd =
  | { kind: 'signed' | 'declined'; sender: string; everyoneSigned?: boolean; reviewPending?: boolean }
  | { kind: 'gone'; reason: TGoneReason };
