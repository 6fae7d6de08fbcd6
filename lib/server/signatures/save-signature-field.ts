import 'server-only';
import { ZSignatureBody } from '@/lib/api/v1/signature-body';
import type { TField } from '@/lib/api/v1/fields';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/documents/document-views';
import type { TSigner } from '@/lib/server/http/signer-route';
import { goneReason } from '@/lib/server/signing/resolve-signing-token';
import { appearanceDataUrl } from '@/lib/signatures/appearance';
import { buildBiometricRecord, type TBiometricBinding } from './biometric-record';
import { sealBiometricRecord, sha256Hex } from './biometric-envelope';
import { escrowKey } from './escrow-key';
import { renderSignature } from './render-signature';

export type TSaveSignatureOptions = {
  /** From signerRoute (link checked); the route has also called requireSignerCanAct. */
  signer: TSigner;
  fieldId: string;
  /** The `signature` member of the PUT body, unparsed: validated here. */
  body: unknown;
  ip?: string | null;
  userAgent?: string | null;
  client?: TDbClient;
};

/**
 * Fills a signature or initials field of the signer with a drawn, typed or
 * image signature (API.md "Signature bodies"). The server renders what the
 * document shows from the data; a drawn signature's samples become a
 * biometric record encrypted to the escrow key and bound to the document's
 * SHA-256, the recipient and the field. A second PUT replaces the signature
 * until the recipient completes. The field's value becomes the display data
 * URL (SVG or the re-encoded image), which the signing page shows as it is.
 */
export async function saveSignatureField(options: TSaveSignatureOptions): Promise<{ field: TField; signature: { kind: string } }> {
  const client = options.client ?? db;
  const { recipient, document } = options.signer;
  const field = await client.field.findFirst({ where: { id: options.fieldId, documentId: document.id } });
  if (!field) throw new AppError('NOT_FOUND', 'No such field in this document.');
  if (field.recipientId !== recipient.id) throw new AppError('FORBIDDEN', 'This field belongs to another recipient.');
  if (field.type !== 'SIGNATURE' && field.type !== 'INITIALS') {
    throw new AppError('INVALID_INPUT', `A ${field.type.toLowerCase()} field takes { value }, not { signature }.`, { fieldErrors: [{ path: 'signature', message: 'Only signature and initials fields take a signature.' }] });
  }
  const parsed = ZSignatureBody.safeParse(options.body);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', 'The signature is missing or invalid.', {
      fieldErrors: parsed.error.issues.map((issue) => ({ path: ['signature', ...issue.path].join('.'), message: issue.message })),
    });
  }
  const body = parsed.data;
  const rendered = await renderSignature(body);
  const image = appearanceDataUrl(rendered.appearance);
  const binding: TBiometricBinding = { documentSha256: document.currentSha256 ?? document.originalSha256, recipientId: recipient.id, fieldId: field.id };
  const now = new Date();
  const sealed = body.kind === 'drawn' ? sealBiometricRecord(buildBiometricRecord(body, binding, { capturedAt: now, userAgent: options.userAgent }), escrowKey(getEnv())) : null;

  const saved = await client.$transaction(
    async (tx) => {
      // The audit append locks the document row first: a completion, decline or cancel racing this one waits, then we re-check.
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'field.filled',
        actor: `recipient:${recipient.id}`,
        ip: options.ip,
        userAgent: options.userAgent,
        at: now,
        data: {
          fieldId: field.id,
          fieldType: field.type.toLowerCase(),
          signature: { kind: body.kind, ...(rendered.font ? { font: rendered.font } : {}), appearanceSha256: sha256Hex(JSON.stringify(rendered.appearance)) },
          ...(sealed ? { biometric: { recordSha256: sealed.recordSha256, envelopeSha256: sealed.envelopeSha256, keyId: sealed.envelope.keyId, binding } } : {}),
        },
      });
      const link = await tx.signingLink.findUniqueOrThrow({ where: { id: options.signer.linkId }, include: { recipient: { include: { document: true } } } });
      const current = link.recipient;
      const reason = goneReason(link, current, current.document);
      if (reason) throw new AppError('GONE', `This signing link no longer works: ${reason}.`, { extensions: { reason, documentName: current.document.name } });
      const columns = {
        kind: rendered.kind,
        image,
        appearance: JSON.stringify(rendered.appearance),
        points: rendered.shape ? JSON.stringify(rendered.shape) : null,
        text: rendered.text ?? null,
        font: rendered.font ?? null,
        biometric: sealed ? JSON.stringify(sealed.envelope) : null,
        biometricSha256: sealed?.recordSha256 ?? null,
        recipientId: recipient.id,
        documentSha256: binding.documentSha256,
      };
      await tx.signature.upsert({ where: { fieldId: field.id }, create: { fieldId: field.id, ...columns }, update: columns });
      return tx.field.update({ where: { id: field.id }, data: { value: image } });
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  return { field: fieldView(saved), signature: { kind: body.kind } };
}
