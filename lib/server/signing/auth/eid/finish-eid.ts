import 'server-only';
import * as oauth from 'oauth4webapi';
import type { TEidError } from '@/lib/api/v1/signer-eid';
import { getEnv } from '@/lib/env';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { logger } from '@/lib/server/logger';
import { lockDocument } from '../../link/lock-document';
import type { TEidFlow } from './eid-cookie';
import { eidProvider } from './eid-provider';
import { eidSettings } from './eid-settings';
import { eidFailureReason, exchangeEidCode } from './exchange-eid-code';
import { hashEidState } from './start-eid';
import { namesMatch, verifiedNameOf } from './verified-name';

/**
 * The provider's answer for a flow this browser started. Refusals that say
 * nothing about the signer (cancelled, another tab's state, a used or expired
 * flow) change nothing but the flow's single use; an answer that fails
 * validation is recorded as a failed authentication; a valid one records the
 * eID's issuer and subject and the verified name on the recipient, and in
 * the audit trail whether that name matches the one the sender typed. A name
 * that does not match is, by EID_NAME_MISMATCH, either a mismatch the owner
 * must accept before the document is sealed (`review`: authNameMismatchAt and
 * a `recipient.identity_mismatch` event), or a refused sign-in (`refuse`:
 * audited as failed, `name_mismatch` to the page).
 */
export async function finishEid(
  signer: TSigner,
  flow: TEidFlow,
  callback: URL,
  meta: TRequestMeta,
  now = new Date(),
): Promise<TEidError | null> {
  const { recipient, document } = signer;
  if (recipient.auth !== 'OIDC') return 'failed';
  if (recipient.authAt) return null; // another tab finished first: nothing to add
  if (callback.searchParams.get('state') !== flow.state) return 'mismatch';
  const settings = eidSettings();
  if (!settings) return 'failed';

  let provider;
  let params: URLSearchParams;
  try {
    provider = await eidProvider(settings);
    params = oauth.validateAuthResponse(provider.as, provider.client, callback, flow.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError)
      return error.error === 'access_denied' ? 'cancelled' : 'failed';
    logger.warn('eID callback refused', { error });
    return 'failed';
  }

  // Once: a replayed callback (same cookie, same state) finds the flow used.
  const claimed = await db.signerOidcFlow.updateMany({
    where: { stateHash: hashEidState(flow.state), recipientId: recipient.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count === 0) return 'expired';

  const audit = (tx: Parameters<typeof appendAuditEvent>[0], data: Record<string, unknown>) =>
    appendAuditEvent(tx, {
      documentId: document.id,
      type: 'recipient.authenticated',
      actor: `recipient:${recipient.id}`,
      at: now,
      data: { recipientId: recipient.id, method: 'oidc', ...data },
      ...meta,
    });

  let identity;
  try {
    identity = await exchangeEidCode(settings, provider, params, flow);
  } catch (error) {
    const reason = eidFailureReason(error);
    logger.warn('eID answer refused', { reason, error });
    await db.$transaction(async (tx) => {
      await lockDocument(tx, document.id);
      await audit(tx, { result: 'failed', reason });
    });
    return 'failed';
  }

  const subject = `${identity.issuer}#${identity.sub}`;
  const verifiedName = verifiedNameOf(identity.claims);
  const nameMatches = namesMatch(verifiedName, recipient.name);
  const expectedName = recipient.name;
  if (!nameMatches && getEnv().EID_NAME_MISMATCH === 'refuse') {
    // Someone else's eID (or one without a name): not this recipient. They may try again with their own.
    await db.$transaction(async (tx) => {
      await lockDocument(tx, document.id);
      await audit(tx, { result: 'failed', reason: 'name_mismatch', subject, verifiedName, expectedName });
    });
    return 'name_mismatch';
  }
  await db.$transaction(async (tx) => {
    await lockDocument(tx, document.id);
    const { count } = await tx.recipient.updateMany({
      where: { id: recipient.id, authAt: null },
      // A mismatch waits for the owner's acceptance before the document can be sealed (complete-signing, finalize).
      data: {
        authAt: now,
        authSubject: subject,
        authName: verifiedName,
        ...(nameMatches ? {} : { authNameMismatchAt: now }),
      },
    });
    if (count !== 1) return;
    await audit(tx, { result: 'passed', subject, verifiedName, nameMatches });
    if (!nameMatches) {
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'recipient.identity_mismatch',
        actor: `recipient:${recipient.id}`,
        at: now,
        data: { recipientId: recipient.id, email: recipient.email, verifiedName, expectedName, policy: 'review' },
        ...meta,
      });
    }
  });
  return null;
}
