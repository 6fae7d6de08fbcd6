import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { fileExtension } from './file-kind';

/**
 * The legacy upload contract the original client speaks, kept exactly (docs/uploads.md):
 * POST /REST/uploadDocument, form-urlencoded docData (a base64 data URL),
 * docOwner, documentName, docExtension, applicationMode (EDIT), answered by
 * {"uploadResult":"OK","document":{"doctoken","docname","docid"}}.
 */

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9.+-]+=[^;,]*)*;base64,/i;

export const ZLegacyUploadForm = z.object({
  docData: z.string().regex(DATA_URL, { error: 'expected a base64 data URL (data:…;base64,…)' }),
  docOwner: z.email({ error: 'expected the owner’s email address' }),
  documentName: z.string().trim().min(1, { error: 'expected the document’s name' }).max(255),
  docExtension: z.string().trim().max(16).default(''),
  applicationMode: z.literal('EDIT', { error: 'expected EDIT' }),
});
export type TLegacyUploadForm = z.infer<typeof ZLegacyUploadForm>;

export type TLegacyUploadResult = {
  uploadResult: 'OK';
  document: { doctoken: string; docname: string; docid: string };
};

/** Largest body worth reading for a file limit: base64 (4/3) plus room for percent-encoding and the other fields. */
export function legacyBodyLimit(maxBytes: number): number {
  return Math.ceil(Math.ceil(maxBytes / 3) * 4 * 1.25) + 64 * 1024;
}

/** The name the upload claims: documentName, with docExtension added when the name lacks it. */
export function legacyFileName(form: Pick<TLegacyUploadForm, 'documentName' | 'docExtension'>): string {
  const claimed = form.docExtension.replace(/^\./, '').toLowerCase();
  const named = fileExtension(form.documentName);
  if (!claimed || named === claimed) return form.documentName;
  if (!named) return `${form.documentName}.${claimed}`;
  throw new AppError(
    'INVALID_INPUT',
    `docExtension "${claimed}" does not match the extension of documentName "${form.documentName}".`,
    {
      fieldErrors: [{ path: 'docExtension', message: 'does not match documentName' }],
    },
  );
}

/** docOwner must be the caller: an upload never lands in someone else's account. */
export function assertLegacyOwner(form: Pick<TLegacyUploadForm, 'docOwner'>, callerEmail: string): void {
  if (form.docOwner.trim().toLowerCase() !== callerEmail.trim().toLowerCase()) {
    throw new AppError('FORBIDDEN', 'docOwner must be the email of the signed-in user.');
  }
}

const SLICE = 64 * 1024; // characters per decoded slice; a multiple of 4
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 data URL, decoded slice by slice (the string is already
 * in memory; its decoded copy never is whole). Spaces count as '+': some
 * form encoders leave '+' unescaped and the form decoder turns it into a space.
 */
/** About how many bytes decodeDataUrl will yield (base64: 3 bytes per 4 characters). */
export function dataUrlSizeHint(dataUrl: string): number {
  return Math.ceil(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);
}

export async function* decodeDataUrl(dataUrl: string): AsyncGenerator<Uint8Array> {
  const start = dataUrl.indexOf(',') + 1;
  const end = dataUrl.length;
  for (let at = start; at < end; at += SLICE) {
    const slice = dataUrl.slice(at, Math.min(at + SLICE, end)).replace(/ /g, '+');
    if (!BASE64.test(slice) || (at + SLICE >= end && slice.length % 4 === 1)) {
      throw new AppError('INVALID_INPUT', 'docData is not valid base64.', {
        fieldErrors: [{ path: 'docData', message: 'invalid base64' }],
      });
    }
    yield Buffer.from(slice, 'base64');
  }
}

export function legacyUploadResult(document: { token: string; name: string; id: string }): TLegacyUploadResult {
  return { uploadResult: 'OK', document: { doctoken: document.token, docname: document.name, docid: document.id } };
}
