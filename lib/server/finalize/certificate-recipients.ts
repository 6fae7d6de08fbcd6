import 'server-only';
import type { TRecipientAuth, TRecipientRole } from '@/lib/api/v1/enums';
import type { TAuditTrail } from '@/lib/api/v1/documents';
import type { Field, Recipient, Signature } from '@/lib/generated/prisma/sqlite/client';
import type { TCertificateRecipient, TCertificateSignature } from '@/lib/server/pdf/certificate/types';
import type { TSignatureAppearance } from '@/lib/signatures/appearance';
import { isSignatureFontId, signatureFontInfo } from '@/lib/signatures/signature-fonts';

type TFieldRow = Field & { signature: Signature | null };

export function parseAppearance(signature: Signature): TSignatureAppearance {
  const appearance = JSON.parse(signature.appearance) as Partial<TSignatureAppearance>;
  if (appearance.type !== 'vector' && appearance.type !== 'image')
    throw new Error(`Signature ${signature.id} has no stored appearance to draw.`);
  return appearance as TSignatureAppearance;
}

/** How many pen samples a drawn signature's biometric record holds: the stored points are those samples without their timing. */
function sampleCount(signature: Signature): number {
  if (!signature.points) return 0;
  const shape = JSON.parse(signature.points) as { strokes?: unknown[][] };
  return (shape.strokes ?? []).reduce((sum, stroke) => sum + stroke.length, 0);
}

function certificateSignature(field: TFieldRow & { signature: Signature }): TCertificateSignature {
  const kind = field.signature.kind === 'TYPED' ? 'typed' : field.signature.kind === 'IMAGE' ? 'image' : 'drawn';
  const font =
    kind === 'typed' && field.signature.font && isSignatureFontId(field.signature.font)
      ? signatureFontInfo(field.signature.font).family
      : undefined;
  return {
    fieldType: field.type === 'INITIALS' ? 'initials' : 'signature',
    kind,
    samples: sampleCount(field.signature),
    appearance: parseAppearance(field.signature),
    ...(font ? { font } : {}),
  };
}

/**
 * Each recipient's evidence for the certificate: what the Recipient row
 * recorded (consent, authentication), where they signed from (the
 * recipient.signed event's address and browser, else the consent's), and
 * their signatures in field order.
 */
export function certificateRecipients(
  recipients: Recipient[],
  fields: TFieldRow[],
  events: TAuditTrail['events'],
): TCertificateRecipient[] {
  return recipients.map((recipient) => {
    const signed = events.findLast(
      (event) => event.type === 'recipient.signed' && event.actor === `recipient:${recipient.id}`,
    );
    const signatures = fields
      .filter(
        (field): field is TFieldRow & { signature: Signature } =>
          field.recipientId === recipient.id && field.signature !== null,
      )
      .map(certificateSignature);
    return {
      id: recipient.id,
      name: recipient.name,
      email: recipient.email,
      role: recipient.role.toLowerCase() as TRecipientRole,
      auth: recipient.auth.toLowerCase() as TRecipientAuth,
      authName: recipient.authName,
      authSubject: recipient.authSubject,
      authAt: recipient.authAt,
      ip: signed?.ip ?? recipient.consentIp,
      userAgent: signed?.userAgent ?? recipient.consentUserAgent,
      consentAt: recipient.consentAt,
      signedAt: recipient.signedAt,
      signatures,
    };
  });
}
