import 'server-only';
import { sha256Hex } from '@/lib/sha256-hex';
import * as oauth from 'oauth4webapi';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import type { TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { logger } from '@/lib/server/logger';
import { EID_FLOW_SECONDS, sealEidFlow } from './eid-cookie';
import { eidProvider } from './eid-provider';
import { requireEidSettings } from './eid-settings';

export const hashEidState = (state: string) => sha256Hex(state);

export type TEidStart = { url: string; cookie: string };

/**
 * Starts an eID sign-in for a recipient whose auth is `oidc`: fresh state,
 * PKCE verifier and nonce; a row keyed by the state's hash lets the callback
 * use it once; the secrets and the signing token go in the sealed cookie.
 * `prompt=login`: the eID must be shown now, not an earlier session's.
 */
export async function startEid(signer: TSigner, token: string, now = new Date()): Promise<TEidStart> {
  const { recipient } = signer;
  if (recipient.auth !== 'OIDC') {
    throw new AppError('CONFLICT', 'This signing link does not ask for an eID.', {
      extensions: { reason: 'oidc_not_required' },
    });
  }
  if (recipient.authAt)
    throw new AppError('CONFLICT', 'You have already confirmed who you are.', {
      extensions: { reason: 'auth_satisfied' },
    });
  const settings = requireEidSettings();
  let provider;
  try {
    provider = await eidProvider(settings);
  } catch (error) {
    logger.warn('eID provider discovery failed', { issuer: settings.issuer, error });
    throw new AppError('SERVICE_UNAVAILABLE', 'The eID service does not answer just now. Try again in a minute.', {
      extensions: { reason: 'eid_unavailable' },
    });
  }
  if (!provider.as.authorization_endpoint) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The eID service is misconfigured (no authorization endpoint).', {
      extensions: { reason: 'eid_unavailable' },
    });
  }

  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = oauth.generateRandomNonce();
  const expiresAt = new Date(now.getTime() + EID_FLOW_SECONDS * 1000);
  // Unfinished flows of this recipient that ran out: nothing can use them any more.
  await db.signerOidcFlow.deleteMany({ where: { recipientId: recipient.id, expiresAt: { lt: now } } });
  await db.signerOidcFlow.create({
    data: { recipientId: recipient.id, stateHash: hashEidState(state), expiresAt, createdAt: now },
  });

  const url = new URL(provider.as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    prompt: 'login',
  }).toString();
  return { url: url.href, cookie: sealEidFlow({ token, state, verifier, nonce, expiresAt: expiresAt.getTime() }) };
}
