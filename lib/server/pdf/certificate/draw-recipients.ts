import { drawSignatureAppearance } from '@/lib/server/pdf/draw-signature-appearance';
import { formatUtc } from './format';
import { drawKeyValues, measureKeyValues, type TKeyValue } from './key-values';
import { COLORS, type PageWriter } from './page-writer';
import type { TCertificateData, TCertificateRecipient, TCertificateSignature, TCertificateT } from './types';

const SIGNATURE = { width: 150, height: 50 };
const GAP = 16;

/** At most this many signatures drawn per recipient (initials on every page of a long contract would not fit). */
const MAX_DRAWN = 3;

/** One method line per kind of field, kind and font, with how many fields and all their samples: "Initials (×12): Typed name (Caveat)". */
function methods(signatures: TCertificateSignature[], t: TCertificateT): string {
  const groups = new Map<string, { first: TCertificateSignature; count: number; samples: number }>();
  for (const signature of signatures) {
    const key = [signature.fieldType, signature.kind, signature.font ?? ''].join('|');
    const group = groups.get(key) ?? { first: signature, count: 0, samples: 0 };
    groups.set(key, { ...group, count: group.count + 1, samples: group.samples + signature.samples });
  }
  return [...groups.values()]
    .map(({ first, count, samples }) => {
      const kind = t(`method.${first.kind}`, { samples }) + (first.font ? ` (${first.font})` : '');
      const times = count > 1 ? ` (×${count})` : '';
      return first.fieldType === 'initials' ? `${t('initials')}${times}: ${kind}` : `${kind}${times}`;
    })
    .join('; ');
}

/** The signatures to draw: each look once (the same typed initials on every page is one), at most MAX_DRAWN. */
function distinct(signatures: TCertificateSignature[]): TCertificateSignature[] {
  const seen = new Set<string>();
  return signatures.filter((signature) => {
    const key = `${signature.fieldType}|${JSON.stringify(signature.appearance)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function rows(recipient: TCertificateRecipient, t: TCertificateT): TKeyValue[] {
  const time = (date: Date | null) => (date ? formatUtc(date) : t('notRecorded'));
  const verified = [recipient.authName, recipient.authSubject].filter(Boolean).join(' · ');
  return [
    { label: t('email'), value: recipient.email },
    { label: t('role'), value: t(`roles.${recipient.role}`) },
    {
      label: t('authentication'),
      value: t(`auth.${recipient.auth}`) + (recipient.authAt ? ` (${formatUtc(recipient.authAt)})` : ''),
    },
    ...(verified ? [{ label: t('verifiedIdentity'), value: verified }] : []),
    { label: t('ipAddress'), value: recipient.ip ?? t('notRecorded') },
    { label: t('userAgent'), value: recipient.userAgent ?? t('notRecorded'), small: true },
    { label: t('consentAt'), value: time(recipient.consentAt) },
    { label: t('signedAt'), value: time(recipient.signedAt) },
    {
      label: t('signatureMethod'),
      value: recipient.signatures.length ? methods(recipient.signatures, t) : t('method.none'),
    },
  ];
}

/** One recipient: name, their facts on the left, each signature as drawn on the right, kept together on one page. */
async function drawRecipient(writer: PageWriter, recipient: TCertificateRecipient, t: TCertificateT): Promise<void> {
  const facts = rows(recipient, t);
  const looks = distinct(recipient.signatures);
  const shown = looks.slice(0, MAX_DRAWN);
  const factsWidth = shown.length > 0 ? writer.width - SIGNATURE.width - GAP : writer.width;
  const signaturesHeight = shown.length * (SIGNATURE.height + 14) + (looks.length > shown.length ? 12 : 0);
  const height = 22 + Math.max(measureKeyValues(writer, facts, factsWidth), signaturesHeight) + 10;
  writer.ensure(height);
  const top = writer.y;
  writer.drawAt(recipient.name, top, { size: 11, bold: true, width: factsWidth });
  const bodyTop = top - 20;
  drawKeyValues(writer, facts, { x: writer.left, y: bodyTop, width: factsWidth });
  const x = writer.left + writer.width - SIGNATURE.width;
  let y = bodyTop;
  for (const signature of shown) {
    const box = { x, y: y - SIGNATURE.height, ...SIGNATURE };
    writer.page.drawRectangle({ ...box, color: COLORS.band, borderColor: COLORS.rule, borderWidth: 0.5 });
    await drawSignatureAppearance(writer.doc, writer.page, signature.appearance, {
      x: box.x + 6,
      y: box.y + 4,
      width: box.width - 12,
      height: box.height - 8,
    });
    writer.drawAt(t(signature.fieldType === 'initials' ? 'initials' : 'signatureAsDrawn'), box.y - 1, {
      size: 7,
      x,
      width: SIGNATURE.width,
      color: COLORS.muted,
    });
    y -= SIGNATURE.height + 14;
  }
  if (looks.length > shown.length)
    writer.drawAt(t('moreSignatures', { count: looks.length - shown.length }), y, {
      size: 7,
      x,
      width: SIGNATURE.width,
      color: COLORS.muted,
    });
  writer.y = top - height;
  writer.rule();
  writer.y -= 10;
}

export async function drawRecipients(writer: PageWriter, data: TCertificateData, t: TCertificateT): Promise<void> {
  writer.heading(t('recipients'), 120);
  for (const recipient of data.recipients) await drawRecipient(writer, recipient, t);
}
