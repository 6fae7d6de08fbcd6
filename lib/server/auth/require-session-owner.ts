import 'server-only';
import { AppError } from '@/lib/errors';
import type { TOwner } from './require-owner';

/** Managing API keys needs the person signed in: a key that could mint or revoke keys would outlive its own revocation. */
export function requireSessionOwner(owner: TOwner): TOwner {
  if (owner.method !== 'session') throw new AppError('FORBIDDEN', 'API keys are managed from a signed-in session, not with an API key.');
  return owner;
}
