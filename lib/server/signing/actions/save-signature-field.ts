import 'server-only';
import type { TField } from '@/lib/api/v1/fields';
import type { TSignatureFieldBody } from '@/lib/api/v1/signer-actions';
import { getEnv } from '@/lib/env';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { lockSigner } from '@/lib/server/signing/link/lock-signer';
import { appearanceDataUrl } from '@/lib/signatures/appearance';
import { sha256Hex } from '@/lib/sha256-hex';
import { encryptBiometricRecord } from '../../signatures/biometric-envelope';
import { buildBiometricRecord, type TBiometricBinding } from '../../signatures/biometric-record';
import { escrowKey } from '../../signatures/escrow-key';
import { renderSignature } from '../../signatures/render-signature';

export type TSaveSignatureOptions = {
  /** From signerRoute (link resolved); the route has called requireSignerCanAct. */
  signer: TSigner;
  /** One of the signer's own fields (requireSignerField), of type SIGNATURE or INITIALS. */
  field: Field;
  /** The PUT body's signature, parsed by the route (field-input.ts). */
  signature: TSignatureFieldBody['signature'];
  meta: TRequestMeta;
  client?: TDbClient;
};

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} on a signature or initials
 * field (docs/signatures.md). The server renders what the document
 * shows from the data; a drawn signature's samples become a biometric record
 * encrypted to the escrow key and bound to the document's SHA-256, the
 * recipient and the field. A second PUT replaces the signature until the
 * recipient completes. The field's value becomes the display data URL (SVG or
 * the re-encoded image), which the signing page shows as it is.
 */
export async function saveSignatureField({
  signer,
  field,
  signature: body,
  meta,
  client = db,
}: TSaveSignatureOptions): Promise<TField> {
  if (field.type !== 'SIGNATURE' && field.type !== 'INITIALS')
    throw new Error(`saveSignatureField on a ${field.type} field`);
  const rendered = await renderSignature(body);
  const image = appearanceDataUrl(rendered.appearance);
  const { recipient, document } = signer;
  const binding: TBiometricBinding = {
    documentSha256: document.currentSha256 ?? document.originalSha256,
    recipientId: recipient.id,
    fieldId: field.id,
  };
  const now = new Date();
  const encrypted =
    body.kind === 'drawn'
      ? encryptBiometricRecord(
          buildBiometricRecord(body, binding, { capturedAt: now, userAgent: meta.userAgent }),
          escrowKey(getEnv()),
        )
      : null;

  return client.$transaction(
    async (tx) => {
      // The document's lock, then the link again: a complete, decline or cancel that won the race leaves a 410 here.
      await lockSigner(tx, signer);
      const columns = {
        kind: rendered.kind,
        image,
        appearance: JSON.stringify(rendered.appearance),
        points: rendered.shape ? JSON.stringify(rendered.shape) : null,
        text: rendered.text ?? null,
        font: rendered.font ?? null,
        biometric: encrypted ? JSON.stringify(encrypted.envelope) : null,
        biometricSha256: encrypted?.recordSha256 ?? null,
        recipientId: recipient.id,
        documentSha256: binding.documentSha256,
      };
      await tx.signature.upsert({
        where: { fieldId: field.id },
        create: { fieldId: field.id, ...columns },
        update: columns,
      });
      const updated = await tx.field.update({ where: { id: field.id }, data: { value: image } });
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'field.filled',
        actor: `recipient:${recipient.id}`,
        ...meta,
        at: now,
        data: {
          recipientId: recipient.id,
          fieldId: field.id,
          fieldType: field.type.toLowerCase(),
          signature: {
            kind: body.kind,
            ...(rendered.font ? { font: rendered.font } : {}),
            appearanceSha256: sha256Hex(JSON.stringify(rendered.appearance)),
          },
          ...(encrypted
            ? {
                biometric: {
                  recordSha256: encrypted.recordSha256,
                  envelopeSha256: encrypted.envelopeSha256,
                  keyId: encrypted.envelope.keyId,
                  binding,
                },
              }
            : {}),
        },
      });
      return fieldView(updated);
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
