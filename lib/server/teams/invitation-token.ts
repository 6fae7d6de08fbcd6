import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getEnv } from '@/lib/env';

/** The database keeps only this: a leaked row cannot be turned back into a working link. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new invitation secret (32 random bytes, base64url) and the link it is mailed as. */
export function newInvitationToken(): { token: string; hash: string; url: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token), url: `${getEnv().appUrl}/invite/${token}` };
}
