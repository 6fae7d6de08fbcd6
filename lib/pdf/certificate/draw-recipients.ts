import { drawSignatureAppearance } from '@/lib/pdf/draw-signature-appearance';
import { formatUtc } from './format';
import { drawKeyValues, measureKeyValues, type TKeyValue } from './key-values';
import { COLORS, type PageWriter } from './page-writer';
import type { TCertificateData, TCertificateRecipient, TCertificateSignature, TCertificateT } from './types';

const SIGNATURE = { width: 150, height: 50 };
const GAP = 16;

function method(signature: TCertificateSignature, t: TCertificateT): string {
  const kind = t(`method.${signature.kind}`, { samples: signature.samples }) + (signature.font ? ` (${signature.font})` : '');
  return signature.fieldType === 'initials' ? `${t('initials')}: ${kind}` : kind;
}

function rows(recipient: TCertificateRecipient, t: TCertificateT): TKeyValue[] {
  const time = (date: Date | null) => (date ? formatUtc(date) : t('notRecorded'));
  const verified = [recipient.authName, recipient.authSubject].filter(Boolean).join(' · ');
  return [
    { label: t('email'), value: recipient.email },
    { label: t('role'), value: t(`roles.${recipient.role}`) },
    { label: t('authentication'), value: t(`auth.${recipient.auth}`) + (recipient.authAt ? ` (${formatUtc(recipient.authAt)})` : '') },
    ...(verified ? [{ label: t('verifiedIdentity'), value: verified }] : []),
    { label: t('ipAddress'), value: recipient.ip ?? t('notRecorded') },
    { label: t('userAgent'), value: recipient.userAgent ?? t('notRecorded'), small: true },
    { label: t('consentAt'), value: time(recipient.consentAt) },
    { label: t('signedAt'), value: time(recipient.signedAt) },
    { label: t('signatureMethod'), value: recipient.signatures.length ? recipient.signatures.map((signature) => method(signature, t)).join('; ') : t('method.none') },
  ];
}

/** One recipient: name, their facts on the left, each signature as drawn on the right, kept together on one page. */
async function drawRecipient(writer: PageWriter, recipient: TCertificateRecipient, t: TCertificateT): Promise<void> {
  const facts = rows(recipient, t);
  const hasSignatures = recipient.signatures.length > 0;
  const factsWidth = hasSignatures ? writer.width - SIGNATURE.width - GAP : writer.width;
  const signaturesHeight = recipient.signatures.length * (SIGNATURE.height + 14);
  const height = 22 + Math.max(measureKeyValues(writer, facts, factsWidth), signaturesHeight) + 10;
  writer.ensure(height);
  const top = writer.y;
  writer.drawAt(recipient.name, top, { size: 11, bold: true, width: factsWidth });
  const bodyTop = top - 20;
  drawKeyValues(writer, facts, { x: writer.left, y: bodyTop, width: factsWidth });
  const x = writer.left + writer.width - SIGNATURE.width;
  let y = bodyTop;
  for (const signature of recipient.signatures) {
    const box = { x, y: y - SIGNATURE.height, ...SIGNATURE };
    writer.page.drawRectangle({ ...box, color: COLORS.band, borderColor: COLORS.rule, borderWidth: 0.5 });
    await drawSignatureAppearance(writer.doc, writer.page, signature.appearance, { x: box.x + 6, y: box.y + 4, width: box.width - 12, height: box.height - 8 });
    writer.drawAt(t(signature.fieldType === 'initials' ? 'initials' : 'signatureAsDrawn'), box.y - 1, { size: 7, x, width: SIGNATURE.width, color: COLORS.muted });
    y -= SIGNATURE.height + 14;
  }
  writer.y = top - height;
  writer.rule();
  writer.y -= 10;
}

export async function drawRecipients(writer: PageWriter, data: TCertificateData, t: TCertificateT): Promise<void> {
  writer.heading(t('recipients'), 120);
  for (const recipient of data.recipients) await drawRecipient(writer, recipient, t);
}
